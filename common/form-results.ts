/**
 * What a form sent without JavaScript can lead to (docs/contract.md#form-posts). A success
 * answers `303 See Other` to `/form-result?status=…` in the visitor's
 * language; a refusal answers with its own status code and the same page as
 * its body. Each is prerendered in every language.
 */
export const formResults = [
  'contact-sent',
  'newsletter-pending',
  'newsletter-confirmed',
  'newsletter-unsubscribed',
  'job-alerts-pending',
  'job-alerts-confirmed',
  'job-alerts-unsubscribed',
  'invalid',
  'link-invalid',
  'too-large',
  'unsupported',
  'cross-site',
  'too-many',
  'failed',
] as const;

export type FormResult = (typeof formResults)[number];

export function isFormResult(value: unknown): value is FormResult {
  return typeof value === 'string' && (formResults as readonly string[]).includes(value);
}
