import type * as z from 'zod/mini';
import type { NewsletterTracking } from '../services';
import { checkFields, consentBox, defineForm, emailInput, languageInput, type FieldsCheck } from './form-fields';

/**
 * The version of the newsletter sign-up text (pop-up wording and privacy
 * note). Stored with every consent as evidence; raise it when the text changes.
 */
export const newsletterConsentVersion = '2026-11-28';

/** The version stored with a consent: the text's date and which of its tracking sentences the visitor read. */
export const newsletterConsentTextVersion = (tracking: NewsletterTracking) =>
  `${newsletterConsentVersion}-tracking-${tracking}`;

/**
 * The newsletter sign-up, checked in the pop-up and by POST /subscribe-newsletter.php. `tracking`
 * is the separate, unticked consent to per-person open and click tracking, offered only where
 * NEWSLETTER_TRACKING is `individual` (and taken as not given elsewhere).
 */
export const newsletterForm = defineForm({
  email: emailInput(),
  language: languageInput(),
  tracking: consentBox(),
});

export type NewsletterSignup = z.output<typeof newsletterForm.schema>;

export function checkNewsletterSignup(input: unknown): FieldsCheck<NewsletterSignup, keyof NewsletterSignup> {
  return checkFields(newsletterForm, input);
}
