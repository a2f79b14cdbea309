import * as z from 'zod/mini';
import type { NewsletterTracking } from '../services';
import { checkForm, type FormCheck } from './field-errors';
import { emailField, languageField } from './fields';

/**
 * The version of the newsletter sign-up text (pop-up wording and privacy
 * note). Stored with every consent as evidence; raise it when the text changes.
 */
export const newsletterConsentVersion = '2026-11-25';

/** The version stored with a consent: the text's date and which of its tracking sentences the visitor read. */
export const newsletterConsentTextVersion = (tracking: NewsletterTracking) =>
  `${newsletterConsentVersion}-tracking-${tracking}`;

/** The newsletter sign-up, checked in the pop-up and by POST /subscribe-newsletter.php. */
export const newsletterSchema = z.strictObject({
  email: emailField(),
  language: languageField(),
});

export type NewsletterSignup = z.output<typeof newsletterSchema>;

export function checkNewsletterSignup(input: unknown): FormCheck<NewsletterSignup, keyof NewsletterSignup> {
  return checkForm(newsletterSchema, input);
}

/** A newsletter token from a mail link: 43 base64url characters (256 random bits). */
export const newsletterTokenSchema = z.strictObject({
  token: z.string({ error: 'invalidToken' }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'invalidToken')),
});
