import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTwoConnections } from '../../test/test-database';
import { migrateToLatest } from '../database';
import { migrations } from './index';

const connections = useTwoConnections();

describe('migration 007', () => {
  it('moves the newsletter syncs into the outbox with their order, states and times, and keeps every mail', async () => {
    // Before 007 the tables are not in today's schema: untyped.
    const { db } = connections.database.handle as unknown as {
      db: Kysely<Record<string, Record<string, unknown>>>;
    };
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('006-consent-records')).error).toBeUndefined();
    const mail = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
      id,
      created_at: 1_000,
      kind: 'contact-notification',
      message_id: `<${id}@westbridge.example>`,
      payload: status === 'sent' ? '' : '{"to":"inbox@westbridge.example"}',
      status,
      attempts: 2,
      next_attempt_at: 5_000,
      locked_until: null,
      last_error: status === 'sent' ? null : 'ECONNREFUSED',
      sent_at: status === 'sent' ? 3_000 : null,
      ...extra,
    });
    await db
      .insertInto('outbox')
      .values([
        mail('mail-sent', 'sent'),
        mail('mail-dead', 'dead'),
        mail('mail-sending', 'sending', { locked_until: 9_000 }),
      ])
      .execute();
    await db
      .insertInto('outbox_attempts')
      .values({
        id: 'attempt-1',
        outbox_id: 'mail-dead',
        attempted_at: 4_000,
        outcome: 'failed',
        error: 'ECONNREFUSED',
      })
      .execute();
    await db
      .insertInto('newsletter_subscribers')
      .values({
        id: 'subscriber-1',
        email_hash: 'h',
        email: 'ama@example.com',
        status: 'confirmed',
        language: 'de',
        source: 'popup',
        consent_text_version: 'v',
        signed_up_at: 1,
        confirmed_at: 2,
        unsubscribed_at: null,
        last_confirmation_mail_at: 1,
      })
      .execute();
    const sync = (id: string, seq: number, action: string, status: string, finishedAt: number | null) => ({
      id,
      subscriber_id: 'subscriber-1',
      seq,
      action,
      payload: status === 'done' ? '' : '{"email":"ama@example.com"}',
      status,
      attempts: 1,
      created_at: 2_000 + seq,
      next_attempt_at: 6_000,
      locked_until: status === 'syncing' ? 9_000 : null,
      last_error: null,
      finished_at: finishedAt,
    });
    await db
      .insertInto('newsletter_sync_jobs')
      .values([
        sync('sync-1', 1, 'subscribe', 'done', 7_000),
        sync('sync-2', 2, 'unsubscribe', 'dead', 8_000),
        sync('sync-3', 3, 'subscribe', 'syncing', null),
        sync('sync-4', 4, 'unsubscribe', 'pending', null),
      ])
      .execute();

    await migrateToLatest(connections.database.handle.db);
    const rows = await connections.database.handle.db
      .selectFrom('outbox')
      .select([
        'id',
        'kind',
        'status',
        'message_id',
        'sent_at',
        'given_up_at',
        'queued_at',
        'order_key',
        'seq',
        'locked_until',
      ])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: 'mail-dead',
        kind: 'contact-notification',
        status: 'dead',
        message_id: '<mail-dead@westbridge.example>',
        sent_at: null,
        given_up_at: 4_000,
        queued_at: 1_000,
        order_key: null,
        seq: null,
        locked_until: null,
      },
      {
        id: 'mail-sending',
        kind: 'contact-notification',
        status: 'sending',
        message_id: '<mail-sending@westbridge.example>',
        sent_at: null,
        given_up_at: null,
        queued_at: 1_000,
        order_key: null,
        seq: null,
        locked_until: 9_000,
      },
      {
        id: 'mail-sent',
        kind: 'contact-notification',
        status: 'sent',
        message_id: '<mail-sent@westbridge.example>',
        sent_at: 3_000,
        given_up_at: null,
        queued_at: 1_000,
        order_key: null,
        seq: null,
        locked_until: null,
      },
      {
        id: 'sync-1',
        kind: 'newsletter-subscribe',
        status: 'sent',
        message_id: 'task:sync-1',
        sent_at: 7_000,
        given_up_at: null,
        queued_at: 2_001,
        order_key: 'subscriber-1',
        seq: 1,
        locked_until: null,
      },
      {
        id: 'sync-2',
        kind: 'newsletter-unsubscribe',
        status: 'dead',
        message_id: 'task:sync-2',
        sent_at: null,
        given_up_at: 8_000,
        queued_at: 2_002,
        order_key: 'subscriber-1',
        seq: 2,
        locked_until: null,
      },
      {
        id: 'sync-3',
        kind: 'newsletter-subscribe',
        status: 'sending',
        message_id: 'task:sync-3',
        sent_at: null,
        given_up_at: null,
        queued_at: 2_003,
        order_key: 'subscriber-1',
        seq: 3,
        locked_until: 9_000,
      },
      {
        id: 'sync-4',
        kind: 'newsletter-unsubscribe',
        status: 'pending',
        message_id: 'task:sync-4',
        sent_at: null,
        given_up_at: null,
        queued_at: 2_004,
        order_key: 'subscriber-1',
        seq: 4,
        locked_until: null,
      },
    ]);
    const tables = await connections.other.db.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('newsletter_sync_jobs');
  });
});
