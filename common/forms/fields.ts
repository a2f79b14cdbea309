import * as z from 'zod/mini';
import { languageCodes } from '../languages';
import { emailAddress, singleLine, visibleText } from './field-errors';

/** An error that ends the field's checks: the later ones would only repeat it. */
export const stop = (error: string) => ({ error, abort: true });

/** The longest address SMTP carries (RFC 5321). */
export const maxEmailLength = 254;

/** A required e-mail address, as both forms ask for it. */
export const emailField = () =>
  z
    .string({ error: 'emailRequired' })
    .check(
      z.trim(),
      z.minLength(1, stop('emailRequired')),
      z.maxLength(maxEmailLength, stop('invalidEmail')),
      z.regex(emailAddress, 'invalidEmail'),
    );

/** A single line of visible text of at most `max` characters (checks for a trimmed string). */
export const singleLineChecks = (max: number, tooLong: string) =>
  [
    z.maxLength(max, stop(tooLong)),
    z.regex(singleLine, 'invalidCharacters'),
    z.regex(visibleText, 'invisibleCharacters'),
  ] as const;

/** The language the visitor used the site in, sent along by the forms. */
export const languageField = () =>
  z.optional(z.enum(languageCodes as [string, ...string[]], { error: 'invalidLanguage' }));
