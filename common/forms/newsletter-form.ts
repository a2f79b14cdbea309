import type * as z from 'zod/mini';
import type { NewsletterTracking } from '../services';
import { checkFields, defineForm, emailInput, languageInput, type FieldsCheck } from './form-fields';

/**
 * The version of the newsletter sign-up text (pop-up wording and privacy
 * note). Stored with every consent as evidence; raise it when the text changes.
 */
export const newsletterConsentVersion = '2026-11-25';

/** The version stored with a consent: the text's date and which of its tracking sentences the visitor read. */
export const newsletterConsentTextVersion = (tracking: NewsletterTracking) =>
  `${newsletterConsentVersion}-tracking-${tracking}`;

/** The newsletter sign-up, checked in the pop-up and by POST /subscribe-newsletter.php. */
export const newsletterForm = defineForm({
  email: emailInput(),
  language: languageInput(),
});

export type NewsletterSignup = z.output<typeof newsletterForm.schema>;

export function checkNewsletterSignup(input: unknown): FieldsCheck<NewsletterSignup, keyof NewsletterSignup> {
  return checkFields(newsletterForm, input);
}
