import type { Kysely, Migration } from 'kysely';

/**
 * The last good read of the company's Personio feed (docs/decisions/0027-jobs-from-personio.md): one row per
 * feed, holding the jobs as the pages show them per language, what the site
 * keeps of each job across reads, the ids of closed positions (their addresses
 * answer 410), and how the reads are going. Every instance serves from it, so a
 * restart, a second instance or a Personio outage shows the same jobs.
 */
export const jobsFeed: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('jobs_feed')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('feed_url', 'text', (col) => col.notNull())
      .addColumn('jobs', 'text')
      .addColumn('records', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('closed', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('version', 'text')
      .addColumn('read_at', 'bigint')
      .addColumn('changed_at', 'bigint')
      .addColumn('failing_since', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('last_error_at', 'bigint')
      .addColumn('problems', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('jobs_feed').execute();
  },
};
