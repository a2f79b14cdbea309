import * as z from 'zod/mini';
import { checkForm, multiLine, normalizeMessage, type FormCheck } from './field-errors';
import { emailField, languageField, maxEmailLength, singleLineChecks, stop } from './fields';

/** DESIGN's limits for a contact message, in characters. */
export const contactLimits = { name: 100, email: maxEmailLength, subject: 200, message: 5000, website: 500 } as const;

/**
 * The contact form (SPEC 5), checked in the browser on submit and again by
 * POST /send-contact.php. Error messages are translation keys of the `contact`
 * namespace; SPEC's four come first.
 */
export const contactSchema = z.strictObject({
  name: z
    .string({ error: 'nameRequired' })
    .check(z.trim(), z.minLength(1, stop('nameRequired')), ...singleLineChecks(contactLimits.name, 'nameTooLong')),
  email: emailField(),
  subject: z.optional(
    z.string({ error: 'invalidSubject' }).check(z.trim(), ...singleLineChecks(contactLimits.subject, 'subjectTooLong')),
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
  language: languageField(),
});

export type ContactMessage = z.output<typeof contactSchema>;
export type ContactField = keyof ContactMessage;

export function checkContactMessage(input: unknown): FormCheck<ContactMessage, ContactField> {
  return checkForm(contactSchema, input);
}
