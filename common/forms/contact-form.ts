import * as z from 'zod/mini';
import { languageCodes } from '../languages';
import {
  checkForm,
  emailAddress,
  multiLine,
  normalizeMessage,
  singleLine,
  visibleText,
  type FormCheck,
} from './field-errors';

/** DESIGN's limits for a contact message, in characters. */
export const contactLimits = { name: 100, email: 254, subject: 200, message: 5000, website: 500 } as const;

const stop = (error: string) => ({ error, abort: true });

/**
 * The contact form (SPEC 5), checked in the browser on submit and again by
 * POST /send-contact.php. Error messages are translation keys of the `contact`
 * namespace; SPEC's four come first.
 */
export const contactSchema = z.strictObject({
  name: z
    .string({ error: 'nameRequired' })
    .check(
      z.trim(),
      z.minLength(1, stop('nameRequired')),
      z.maxLength(contactLimits.name, stop('nameTooLong')),
      z.regex(singleLine, 'invalidCharacters'),
      z.regex(visibleText, 'invisibleCharacters'),
    ),
  email: z
    .string({ error: 'emailRequired' })
    .check(
      z.trim(),
      z.minLength(1, stop('emailRequired')),
      z.maxLength(contactLimits.email, stop('invalidEmail')),
      z.regex(emailAddress, 'invalidEmail'),
    ),
  subject: z.optional(
    z
      .string({ error: 'invalidSubject' })
      .check(
        z.trim(),
        z.maxLength(contactLimits.subject, stop('subjectTooLong')),
        z.regex(singleLine, 'invalidCharacters'),
        z.regex(visibleText, 'invisibleCharacters'),
      ),
  ),
  message: z
    .string({ error: 'messageRequired' })
    .check(
      z.overwrite(normalizeMessage),
      z.trim(),
      z.minLength(1, stop('messageRequired')),
      z.maxLength(contactLimits.message, stop('messageTooLong')),
      z.regex(multiLine, 'invalidCharacters'),
    ),
  /** The honeypot: people never see it; bots fill it. */
  website: z.optional(z.string({ error: 'invalidValue' }).check(z.maxLength(contactLimits.website, 'invalidValue'))),
  language: z.optional(z.enum(languageCodes as [string, ...string[]], { error: 'invalidLanguage' })),
});

export type ContactMessage = z.output<typeof contactSchema>;
export type ContactField = keyof ContactMessage;

export function checkContactMessage(input: unknown): FormCheck<ContactMessage, ContactField> {
  return checkForm(contactSchema, input);
}
