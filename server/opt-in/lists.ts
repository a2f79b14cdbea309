import type { OptInList } from './opt-in-tables';

/**
 * Every double opt-in list the site keeps, by the tables that hold it (each of the shape
 * server/opt-in/opt-in-tables.ts gives): maintenance deletes by the same periods in each.
 */
export const optInLists = {
  newsletter: {
    name: 'newsletter',
    tables: {
      opt_in_subscribers: 'newsletter_subscribers',
      opt_in_tokens: 'newsletter_tokens',
      opt_in_consent_events: 'newsletter_consent_events',
    },
    // The separate consent to per-person open and click tracking (1 given, 0 not), kept with the
    // subscriber for the provider's sync and with each consent event as evidence.
    carried: ['tracking_consent'],
  },
  jobAlerts: {
    name: 'job alerts',
    tables: {
      opt_in_subscribers: 'job_alert_subscribers',
      opt_in_tokens: 'job_alert_tokens',
      opt_in_consent_events: 'job_alert_consent_events',
    },
  },
} as const satisfies Record<string, OptInList>;
