/**
 * Bench section "queue-scrape" (docs/decisions/0022-what-the-operator-sees.md): how much later a
 * GET /metrics scrape answers with 10,000 mails waiting (and 100 given up) than with an empty
 * outbox, on SQLite and on PostgreSQL. The mails are written into the running server's database
 * (sending them through the forms would take the rate limit and the outbox would deliver them);
 * they wait a day, so the server's outbox leaves them.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { apiPaths } from '../../common/api-paths';
import { startPostgres } from '../../server/test/postgres-server';
import type { BenchSection } from './sections';
import { median, pause, startServer, table, textOf, type RunningServer } from './support';

const [pending, givenUp, reads, goalMs] = [10_000, 100, 20, 5];
const now = Date.now();
const payload = JSON.stringify({ subject: 'Mail', text: 'x'.repeat(600) });
/** The same statement for SQLite and PostgreSQL: `pending` mails waiting a day, then `givenUp` given up. */
const fill = `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${pending + givenUp})
insert into outbox (id, created_at, kind, message_id, payload, status, attempts, next_attempt_at, last_error, queued_at, given_up_at)
select 'bench-' || i, ${now} - i * 1000, case when i % 4 = 0 then 'newsletter-confirmation' else 'contact-notification' end,
  '<bench-' || i || '@bench.example>', '${payload}', case when i > ${pending} then 'dead' else 'pending' end, 3,
  ${now + 86_400_000}, case when i > ${pending} then '451 try again later' end, ${now} - i * 1000,
  case when i > ${pending} then ${now} end
from n`;

/**
 * `reads` scrapes after 2 to warm up, each after the server's one-second reuse of a reading has passed:
 * median and 95th percentile, and the mails waiting as the last one reports them.
 */
async function scrapes(server: RunningServer) {
  const times: number[] = [];
  let text = '';
  for (let read = -2; read < reads; read++) {
    await pause(1_100);
    const started = performance.now();
    text = await textOf(server, apiPaths.metrics);
    if (read >= 0) times.push(performance.now() - started);
  }
  const waiting = [...text.matchAll(/^westbridge_queue_pending\{[^}]*\} (\d+)$/gm)].map(([, n]) => Number(n));
  const p95 = [...times].sort((a, b) => a - b)[Math.ceil(reads * 0.95) - 1] ?? NaN;
  return { median: median(times), p95, waiting: waiting.reduce((sum, n) => sum + n, 0) };
}

async function measure(database: string, server: RunningServer, seed: () => Promise<void>) {
  try {
    const empty = await scrapes(server);
    await seed();
    const full = await scrapes(server);
    if (full.waiting !== pending) throw new Error(`${database}: the scrape reports ${full.waiting} waiting mails`);
    return { database, empty, full };
  } finally {
    await server.stop();
  }
}

const round = (value: number) => `${value.toFixed(1)} ms`;

export const queueScrapeSection: BenchSection = {
  id: 'queue-scrape',
  title: `A /metrics scrape with ${pending.toLocaleString('en-GB')} waiting mails`,
  async run({ root }) {
    const sqliteServer = await startServer(root);
    const results = [
      await measure('SQLite', sqliteServer, async () => {
        const database = new SQLite(path.join(sqliteServer.dataDir, 'site.db'), { timeout: 5000 });
        database.exec(fill);
        database.close();
      }),
    ];
    const postgres = await startPostgres();
    try {
      results.push(
        await measure('PostgreSQL', await startServer(root, { DATABASE_URL: postgres.url }), async () => {
          await postgres.query(fill);
          // What autovacuum does within a minute of such a burst of inserts: statistics and the visibility map.
          await postgres.query('vacuum analyze outbox');
        }),
      );
    } finally {
      postgres.stop();
    }
    const markdown = [
      table(
        ['database', 'empty outbox: median', 'p95', `${pending.toLocaleString('en-GB')} waiting: median`, 'p95'],
        results.map(({ database, empty, full }) => [
          database,
          round(empty.median),
          round(empty.p95),
          round(full.median),
          round(full.p95),
        ]),
      ),
      '',
      `The answer time of GET ${apiPaths.metrics} from this machine, ${reads} scrapes each, over a second apart (scrapes within a second share one reading of the queue); the queue is counted by state and kind over the index outbox_figures.`,
    ].join('\n');
    return {
      markdown,
      goals: results.map(({ database, empty, full }) => ({
        goal: `${database}: ${pending.toLocaleString('en-GB')} waiting mails make a scrape ≤ ${goalMs} ms slower`,
        measured: `${round(full.median - empty.median)} (${round(full.median)} against ${round(empty.median)} with an empty outbox)`,
        met: full.median - empty.median <= goalMs,
      })),
      data: results,
    };
  },
};
