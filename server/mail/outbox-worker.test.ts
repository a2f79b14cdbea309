import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SmtpSink } from '../test/smtp-sink';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { enqueueMail, enqueueTask, OutboxWorker } from './outbox';
import { createMailer, type Mailer } from './send-email';

let database: TestDatabase;
let smtp: SmtpSink;

beforeEach(async () => {
  database = await createTestDatabase();
  smtp = new SmtpSink();
  await smtp.start();
});

afterEach(async () => {
  await smtp.stop();
  await database.destroy();
});

/** Fastify's logger without output. */
const silent = Fastify().log;

describe('OutboxWorker.stop', () => {
  it('finishes the mail it is sending and hands the rest of its batch back', async () => {
    const { db, kind } = database.handle;
    await db.transaction().execute(async (trx) => {
      for (const n of [1, 2, 3]) {
        await enqueueMail(
          trx,
          'test',
          {
            from: 'site@westbridge.example',
            to: 'inbox@westbridge.example',
            subject: `Mail ${n}`,
            text: 'x',
            html: '<p>x</p>',
          },
          { host: 'westbridge.example', now: Date.now() - 10 + n },
        );
      }
    });
    // The real SMTP mailer, held at the door until the test has asked the worker to stop.
    const smtpMailer = createMailer({ smtpUrl: smtp.url, mailDir: '/nonexistent' });
    let letThrough = () => {};
    const gate = new Promise<void>((resolve) => (letThrough = resolve));
    let sending: () => void = () => {};
    const started = new Promise<void>((resolve) => (sending = resolve));
    const mailer: Mailer = {
      async sendEmail(mail) {
        sending();
        await gate;
        await smtpMailer.sendEmail(mail);
      },
      close: () => smtpMailer.close(),
    };
    const worker = new OutboxWorker({ db, kind, mailer, log: silent });
    worker.start();
    await started;
    const stopped = worker.stop();
    letThrough();
    await stopped;
    mailer.close();

    const delivered = smtp.received.map((mail) => mail.parsed.subject);
    expect(delivered).toHaveLength(1);
    const rows = await db.selectFrom('outbox').select(['payload', 'status', 'attempts', 'locked_until']).execute();
    const subjectOf = (payload: string) => (payload ? (JSON.parse(payload) as { subject: string }).subject : 'sent');
    expect(
      rows
        .map((row) => ({ ...row, payload: subjectOf(row.payload) }))
        .sort((a, b) => a.payload.localeCompare(b.payload)),
    ).toEqual([
      ...['Mail 1', 'Mail 2', 'Mail 3']
        .filter((subject) => subject !== delivered[0])
        .map((subject) => ({ payload: subject, status: 'pending', attempts: 0, locked_until: null })),
      { payload: 'sent', status: 'sent', attempts: 1, locked_until: null },
    ]);
  });
});

describe('tasks in the outbox', () => {
  it('take effect exactly once: a failed attempt leaves nothing behind and is retried like a mail', async () => {
    const { db, kind } = database.handle;
    let clock = Date.now();
    let attempts = 0;
    const worker = new OutboxWorker({
      db,
      kind,
      mailer: createMailer({ smtpUrl: smtp.url, mailDir: '/nonexistent' }),
      log: silent,
      now: () => clock,
      tasks: {
        store: async (trx, data, queuedAt) => {
          attempts += 1;
          const { name } = data as { name: string };
          await trx
            .insertInto('contact_messages')
            .values({
              id: `m-${attempts}`,
              received_at: queuedAt,
              name,
              email: 'a@b.de',
              subject: null,
              message: 'x',
              language: 'de',
            })
            .execute();
          if (attempts === 1) throw new Error('storage hiccup');
        },
      },
    });
    await enqueueTask(db, 'store', { name: 'Efua' }, { now: clock - 1 });

    expect(await worker.runOnce()).toBe(1);
    expect(await db.selectFrom('contact_messages').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('outbox').select(['status', 'attempts', 'last_error']).execute()).toEqual([
      { status: 'pending', attempts: 1, last_error: 'storage hiccup' },
    ]);

    clock += 3_000;
    await worker.runOnce();
    expect(await db.selectFrom('contact_messages').select(['name', 'received_at']).execute()).toEqual([
      { name: 'Efua', received_at: clock - 3_001 },
    ]);
    expect(await db.selectFrom('outbox').select(['status', 'payload']).execute()).toEqual([
      { status: 'sent', payload: '' },
    ]);
    await worker.runOnce();
    expect(attempts).toBe(2);
  });
});
