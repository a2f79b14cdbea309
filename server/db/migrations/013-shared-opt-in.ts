import type { Kysely, Migration } from 'kysely';

/**
 * The newsletter's tables take the shape every double opt-in list shares
 * (server/opt-in/opt-in-tables.ts): a subscriber's mailbox-family hash, which the
 * confirmation cap counts; what a sign-up asked for, on its confirmation link; what a
 * consent covered, on its event. All three are empty for what is stored already: the
 * newsletter asks for nothing besides itself, and a family hash is written with the next
 * confirmation mail (the cap looks back one day).
 */
export const sharedOptIn: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('newsletter_subscribers').addColumn('mailbox_hash', 'text').execute();
    await db.schema
      .createIndex('newsletter_subscribers_mailbox')
      .on('newsletter_subscribers')
      .columns(['mailbox_hash', 'last_confirmation_mail_at'])
      .execute();
    await db.schema.alterTable('newsletter_tokens').addColumn('payload', 'text').execute();
    await db.schema.alterTable('newsletter_consent_events').addColumn('details', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('newsletter_consent_events').dropColumn('details').execute();
    await db.schema.alterTable('newsletter_tokens').dropColumn('payload').execute();
    await db.schema.dropIndex('newsletter_subscribers_mailbox').execute();
    await db.schema.alterTable('newsletter_subscribers').dropColumn('mailbox_hash').execute();
  },
};
