import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTwoConnections } from '../test/test-database';
import { enqueueJob, type JobHandler, type TransactionalJobHandler } from './queue';
import { QueueWorker, type QueueWorkerOptions } from './queue-worker';

const connections = useTwoConnections();
/** Fastify's logger without output. */
const silent = Fastify().log;

const worker = (handle = connections.database.handle, options: Partial<QueueWorkerOptions> = {}) =>
  new QueueWorker({ name: 'test', db: handle.db, dialect: handle.kind, log: silent, handlers: {}, ...options });

const rows = () =>
  connections.database.handle.db
    .selectFrom('outbox')
    .select(['id', 'status', 'attempts', 'locked_until', 'claim_token'])
    .orderBy('created_at')
    .execute();

/** A contact message row, as a task might write one. */
const message = (id: string, name: string, receivedAt: number) => ({
  id,
  received_at: receivedAt,
  name,
  email: 'a@b.de',
  subject: null,
  message: 'x',
  language: 'de',
});

/** A handler that takes `ms` and counts its runs. */
function slowHandler(ms: number): JobHandler & { runs: string[] } {
  const runs: string[] = [];
  return {
    runs,
    async run(job) {
      runs.push(job.id);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { kind: 'done' };
    },
  };
}

describe('QueueWorker', () => {
  it('finishes the job in hand when stopped and leaves the rest waiting, untouched', async () => {
    const { db } = connections.database.handle;
    for (const n of [1, 2, 3]) await enqueueJob(db, 'contact-notification', { n }, { now: Date.now() - 10 + n });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    let letThrough = () => {};
    const gate = new Promise<void>((resolve) => (letThrough = resolve));
    const handler: JobHandler = {
      async run() {
        started();
        await gate;
        return { kind: 'done' };
      },
    };
    const queue = worker(undefined, { handlers: { 'contact-notification': handler } });
    queue.start();
    await running;
    const stopped = queue.stop();
    letThrough();
    await stopped;

    expect((await rows()).map(({ status, attempts, locked_until }) => ({ status, attempts, locked_until }))).toEqual([
      { status: 'sent', attempts: 1, locked_until: null },
      { status: 'pending', attempts: 0, locked_until: null },
      { status: 'pending', attempts: 0, locked_until: null },
    ]);
  });

  it('keeps a job that takes longer than its lock: no other worker takes it, and it runs once', async () => {
    const { db } = connections.database.handle;
    const id = await enqueueJob(db, 'contact-notification', {});
    const slow = slowHandler(900);
    const timings = { lockMs: 240 };
    const first = worker(undefined, { handlers: { 'contact-notification': slow }, timings });
    const second = worker(connections.other, { handlers: { 'contact-notification': slow }, timings });
    const running = first.runOnce();
    while (slow.runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    let tries = 0;
    while (slow.runs.length === 1 && (await rows())[0]?.status === 'sending') {
      expect(await second.runOnce()).toBe(0);
      tries++;
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(await running).toBe(1);
    expect(tries).toBeGreaterThan(5);
    expect(slow.runs).toEqual([id]);
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 1, claim_token: null }]);
  });

  it('carries out a task exactly once: a failed attempt leaves nothing behind and is retried', async () => {
    const { db } = connections.database.handle;
    let clock = Date.now();
    let attempts = 0;
    const store: TransactionalJobHandler = {
      transactional: true,
      async run(trx, job) {
        attempts += 1;
        const { name } = JSON.parse(job.payload) as { name: string };
        await trx
          .insertInto('contact_messages')
          .values(message(`m-${attempts}`, name, job.createdAt))
          .execute();
        if (attempts === 1) throw new Error('storage hiccup');
      },
    };
    const queue = worker(undefined, { handlers: { 'newsletter-signup': store }, now: () => clock });
    await enqueueJob(db, 'newsletter-signup', { name: 'Efua' }, { now: clock - 1 });

    expect(await queue.runOnce()).toBe(1);
    expect(await db.selectFrom('contact_messages').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('outbox').select(['status', 'attempts', 'last_error']).execute()).toEqual([
      { status: 'pending', attempts: 1, last_error: 'storage hiccup' },
    ]);

    clock += 3_000;
    await queue.runOnce();
    expect(await db.selectFrom('contact_messages').select(['name', 'received_at']).execute()).toEqual([
      { name: 'Efua', received_at: clock - 3_001 },
    ]);
    expect(await db.selectFrom('outbox').select(['status', 'payload']).execute()).toEqual([
      { status: 'sent', payload: '' },
    ]);
    await queue.runOnce();
    expect(attempts).toBe(2);
  });

  it('commits nothing of a task whose claim another worker has taken over meanwhile', async () => {
    const { db } = connections.database.handle;
    const id = await enqueueJob(db, 'newsletter-signup', {});
    const store: TransactionalJobHandler = {
      transactional: true,
      async run(trx) {
        // Its lock lapsed and another worker claimed the job.
        await connections.other.db
          .updateTable('outbox')
          .set({ claim_token: 'another-worker', locked_until: Date.now() + 60_000 })
          .where('id', '=', id)
          .execute();
        await trx
          .insertInto('contact_messages')
          .values(message('m-1', 'x', 1))
          .execute();
      },
    };
    await worker(undefined, { handlers: { 'newsletter-signup': store } }).runOnce();
    expect(await db.selectFrom('contact_messages').selectAll().execute()).toEqual([]);
    expect(await rows()).toMatchObject([{ status: 'sending', claim_token: 'another-worker' }]);
    expect(await db.selectFrom('outbox_attempts').selectAll().execute()).toEqual([]);
  });

  it('runs the jobs of one order key one after another, and a given-up one does not hold the rest', async () => {
    const { db } = connections.database.handle;
    const order: string[] = [];
    const handler: JobHandler = {
      async run(job) {
        const { n } = JSON.parse(job.payload) as { n: number };
        order.push(`${job.kind}:${n}`);
        return n === 1 ? { kind: 'give-up', reason: 'refused' } : { kind: 'done' };
      },
    };
    const now = Date.now();
    // The later job is due first; it still waits for the earlier one of its key.
    await enqueueJob(db, 'newsletter-subscribe', { n: 1 }, { now, orderKey: 'subscriber-1' });
    await enqueueJob(db, 'newsletter-unsubscribe', { n: 2 }, { now: now - 5_000, orderKey: 'subscriber-1' });
    await enqueueJob(db, 'newsletter-subscribe', { n: 3 }, { now: now - 1_000, orderKey: 'subscriber-2' });
    const queue = worker(undefined, {
      handlers: { 'newsletter-subscribe': handler, 'newsletter-unsubscribe': handler },
    });
    expect(await queue.runOnce()).toBe(3);
    expect(order).toEqual(['newsletter-subscribe:3', 'newsletter-subscribe:1', 'newsletter-unsubscribe:2']);
  });
});
