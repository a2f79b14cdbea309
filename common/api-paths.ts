/**
 * Every address of the server that is not a page (docs/contract.md#api): the forms'
 * endpoints, the JSON API and the operator's routes. The routes, the forms'
 * actions, the browser's requests and the dev server's proxy read them here;
 * ESLint refuses a written copy elsewhere.
 */
export const apiPaths = {
  contact: '/send-contact.php',
  newsletter: '/subscribe-newsletter.php',
  newsletterConfirm: '/api/newsletter/confirm',
  newsletterUnsubscribe: '/api/newsletter/unsubscribe',
  jobAlerts: '/subscribe-job-alerts.php',
  jobAlertsConfirm: '/api/job-alerts/confirm',
  jobAlertsUnsubscribe: '/api/job-alerts/unsubscribe',
  /** The record of each cookie choice (Art. 7(1) GDPR); see common/consent-record.ts. */
  consentRecord: '/api/consent',
  health: '/healthz',
  metrics: '/metrics',
} as const;

/** The JSON API's prefix: everything below it answers JSON, whatever the request looks like. */
export const apiPrefix = '/api/';
