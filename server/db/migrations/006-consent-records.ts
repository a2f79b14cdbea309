import type { Kysely, Migration } from 'kysely';

/**
 * A record of each cookie choice (Art. 7(1) GDPR): its random id, the consent
 * version, the choices and the services they were given for, when the browser
 * made it and when it arrived. No client address, no user agent.
 */
export const consentRecords: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('consent_records')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('recorded_at', 'bigint', (col) => col.notNull())
      .addColumn('consented_at', 'bigint', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('preferences', 'integer', (col) => col.notNull())
      .addColumn('analytics', 'integer', (col) => col.notNull())
      .addColumn('marketing', 'integer', (col) => col.notNull())
      .addColumn('services', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('consent_records_recorded_at').on('consent_records').column('recorded_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('consent_records').execute();
  },
};
