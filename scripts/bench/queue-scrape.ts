/**
 * The database time of one GET /metrics scrape with 10,000 mails waiting (and 100 given up),
 * on SQLite and on PostgreSQL: the query server/queue/figures.ts runs, and the whole
 * scrape's text for comparison. Goal: ≤ 5 ms for the query on both.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/database';
import type { OutboxTable } from '../../server/db/schema';
import { createMetrics } from '../../server/metrics/metrics';
import { queueFigures } from '../../server/queue/figures';
import { startPostgres } from '../../server/test/postgres-server';
import type { BenchSection } from './sections';
import { table } from './support';

const pendingMails = 10_000;
const givenUpMails = 100;
const reads = 200;
const goalMs = 5;
/** The report is written in English, its numbers too. */
const reportLocale = 'en-GB';

async function fill(handle: DatabaseHandle): Promise<void> {
  const now = Date.now();
  const row = (n: number, status: OutboxTable['status']): OutboxTable => {
    const id = randomUUID();
    return {
      id,
      created_at: now - n * 1_000,
      kind: n % 4 === 0 ? 'newsletter-confirmation' : 'contact-notification',
      message_id: `<${id}@bench.example>`,
      payload: JSON.stringify({ subject: `Mail ${n}`, text: 'x'.repeat(600) }),
      status,
      attempts: 3,
      next_attempt_at: now + 60_000,
      locked_until: null,
      last_error: status === 'dead' ? '451 try again later' : null,
      sent_at: null,
      queued_at: now - n * 1_000,
      claim_token: null,
      order_key: null,
      seq: null,
      given_up_at: status === 'dead' ? now : null,
      past_return_at: null,
    };
  };
  const rows = [
    ...Array.from({ length: pendingMails }, (_, n) => row(n, 'pending')),
    ...Array.from({ length: givenUpMails }, (_, n) => row(n, 'dead')),
  ];
  await handle.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 500)
      await trx
        .insertInto('outbox')
        .values(rows.slice(start, start + 500))
        .execute();
  });
}

/** Median and 95th percentile of `reads` runs of `task`, after a few to warm up. */
async function time(task: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let n = 0; n < 10; n++) await task();
  const ms: number[] = [];
  for (let n = 0; n < reads; n++) {
    const started = performance.now();
    await task();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)] ?? NaN, p95: ms[Math.ceil(ms.length * 0.95) - 1] ?? NaN };
}

interface Figures {
  database: string;
  /** The same query on an empty outbox, in the same sitting: the reference. */
  empty: { median: number; p95: number };
  query: { median: number; p95: number };
  scrape: { median: number; p95: number };
}

async function measure(name: string, handle: DatabaseHandle, settle: () => Promise<void>): Promise<Figures> {
  await migrateToLatest(handle.db);
  const empty = await time(() => queueFigures(handle.db));
  await fill(handle);
  await settle();
  const figures = await queueFigures(handle.db);
  const pending = figures.filter((row) => row.status === 'pending').reduce((n, row) => n + row.count, 0);
  if (pending !== pendingMails) throw new Error(`Expected ${pendingMails} pending mails, read ${pending}`);
  const metrics = createMetrics({ db: handle.db, cacheMs: 0 });
  return {
    database: name,
    empty,
    query: await time(() => queueFigures(handle.db)),
    scrape: await time(() => metrics.registry.metrics()),
  };
}

const round = (ms: number) => `${ms.toFixed(2)} ms`;

export const queueScrapeSection: BenchSection = {
  id: 'queue-scrape',
  title: `A /metrics scrape's database time with ${pendingMails.toLocaleString(reportLocale)} waiting mails`,
  async run() {
    const results: Figures[] = [];
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-queue-'));
    const sqlite = openDatabase({ kind: 'sqlite', file: path.join(dir, 'site.db') });
    try {
      results.push(await measure('SQLite', sqlite, async () => {}));
    } finally {
      await sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
    const server = await startPostgres();
    const postgres = openDatabase({ kind: 'postgres', url: server.url });
    try {
      // What autovacuum does within a minute of such a burst of inserts: statistics and the visibility map.
      results.push(
        await measure('PostgreSQL', postgres, async () => {
          await sql`vacuum analyze outbox`.execute(postgres.db);
        }),
      );
    } finally {
      await postgres.close();
      server.stop();
    }
    const markdown = [
      table(
        [
          'database',
          'empty outbox: query, median',
          'queue query, median',
          'p95',
          'whole scrape (every metric), median',
          'p95',
        ],
        results.map((result) => [
          result.database,
          round(result.empty.median),
          round(result.query.median),
          round(result.query.p95),
          round(result.scrape.median),
          round(result.scrape.p95),
        ]),
      ),
      '',
      `${pendingMails.toLocaleString(reportLocale)} pending and ${givenUpMails} given-up mails in the outbox; ${reads} reads each after 10 to warm up. ` +
        'The query counts the jobs by state and kind and finds the oldest waiting one, over the index outbox_figures; ' +
        'scrapes within a second share one reading.',
    ].join('\n');
    return {
      markdown,
      goals: results.map((result) => ({
        goal: `${result.database}: a scrape's database time with ${pendingMails.toLocaleString(reportLocale)} waiting mails ≤ ${goalMs} ms`,
        measured: `${round(result.query.median)} (p95 ${round(result.query.p95)})`,
        met: result.query.median <= goalMs,
      })),
      data: results,
    };
  },
};
