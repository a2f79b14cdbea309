import type { Kysely, Migration } from 'kysely';

/**
 * The separate consent to per-person open and click tracking (GDPR Art. 7(2), § 25 TDDDG):
 * whether the subscriber ticked it, kept with the subscriber for the sync and with each consent
 * event as evidence, which outlives the address. Everyone so far gave none (0).
 */
export const newsletterTrackingConsent: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['newsletter_subscribers', 'newsletter_consent_events']) {
      await db.schema
        .alterTable(table)
        .addColumn('tracking_consent', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['newsletter_subscribers', 'newsletter_consent_events'])
      await db.schema.alterTable(table).dropColumn('tracking_consent').execute();
  },
};
