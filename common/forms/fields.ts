import * as z from 'zod/mini';
import { canonicalEmail, maxEmailOctets } from '../email-address';
import { languageCodes } from '../languages';
import { showsSomething, singleLine, visibleText } from './field-errors';

/** An error that ends the field's checks: the later ones would only repeat it. */
export const stop = (error: string) => ({ error, abort: true });

/**
 * A required e-mail address, as both forms ask for it: checked and then kept
 * in its one spelling (common/email-address.ts), which is what is counted,
 * stored and mailed.
 */
export const emailField = () =>
  z.string({ error: 'emailRequired' }).check(
    z.trim(),
    z.minLength(1, stop('emailRequired')),
    z.maxLength(maxEmailOctets, stop('invalidEmail')),
    z.refine((value) => canonicalEmail(value) !== null, stop('invalidEmail')),
    z.overwrite((value) => canonicalEmail(value) ?? value),
  );

/**
 * A single line of visible text of at most `max` characters (checks for a
 * trimmed string); when given, something in it must show.
 */
export const singleLineChecks = (max: number, tooLong: string) =>
  [
    z.maxLength(max, stop(tooLong)),
    z.regex(singleLine, 'invalidCharacters'),
    z.regex(visibleText, 'invisibleCharacters'),
    z.refine<string>((value) => value === '' || showsSomething.test(value), 'invisibleCharacters'),
  ] as const;

/** The language the visitor used the site in, sent along by the forms. */
export const languageField = () =>
  z.optional(z.enum(languageCodes as [string, ...string[]], { error: 'invalidLanguage' }));
