/**
 * Bench section "forms": both form endpoints under load (autocannon, 10 s per row, each row on a
 * fresh server and database whose outbox delivers the mails as .eml files meanwhile) beside raw
 * durable SQLite writes of as many rows, one commit each, straight through better-sqlite3 with
 * the server's settings (WAL, synchronous=FULL): the ceiling the endpoints are measured against
 * (docs/decisions/0008-outbox-for-every-acknowledged-message.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { apiPaths } from '../../common/api-paths';
import { defaultLanguage } from '../../common/languages';
import type { BenchSection } from './sections';
import { load, ms, startServer, table, type LoadFigures } from './support';

let sequence = 0;
const forms = [
  {
    endpoint: apiPaths.contact,
    body: () =>
      JSON.stringify({
        name: 'Bench Mark',
        email: `bench${++sequence}@example.com`,
        subject: 'Load test',
        message: 'We would like to import 20 tonnes of cocoa beans. Please send us an offer.',
        language: defaultLanguage,
      }),
    /** What the endpoint commits: the message and its mail to the company (about 2 KB). */
    rows: ['messages', 'outbox'],
  },
  {
    endpoint: apiPaths.newsletter,
    body: () => JSON.stringify({ email: `reader${++sequence}@example.com`, language: defaultLanguage }),
    /** What the endpoint commits: the sign-up, for the outbox to carry out. */
    rows: ['outbox'],
  },
];

/** Commits of `rows` (one row each of about the endpoint's bytes) for 5 s; commits per second. */
function rawRate(rows: readonly string[], body: () => string): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-raw-'));
  const database = new SQLite(path.join(dir, 'raw.db'));
  try {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    const inserts = rows.map((name) => {
      database.exec(`create table ${name} (id integer primary key, at integer not null, body text not null)`);
      return database.prepare(`insert into ${name} (at, body) values (?, ?)`);
    });
    const commit = database.transaction((text: string) => {
      for (const [index, insert] of inserts.entries()) insert.run(Date.now(), index ? text.repeat(8) : text);
    });
    const started = performance.now();
    let count = 0;
    for (; performance.now() - started < 5000; count++) commit(body());
    return Math.round(count / ((performance.now() - started) / 1000));
  } finally {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const formsSection: BenchSection = {
  id: 'forms',
  title: 'Form endpoints beside raw durable writes',
  async run({ root }) {
    const results = [];
    for (const { endpoint, body, rows } of forms) {
      const [raw, json] = [rawRate(rows, body), { 'content-type': 'application/json' }];
      const runs: LoadFigures[] = [];
      for (const connections of [10, 50]) {
        const server = await startServer(root, { FORM_RATE_LIMIT: '1000000' });
        runs.push(
          await load(`${server.url}${endpoint}`, connections, () => ({ method: 'POST', body: body(), headers: json })),
        );
        await server.stop();
      }
      console.log(`${endpoint}: ${runs.map((run) => `${run.requestsPerSecond}/s`).join(', ')}; raw ${raw}/s`);
      results.push({ endpoint, raw, runs });
    }
    const markdown = table(
      ['endpoint', 'connections', 'requests/s', 'p50', 'p99', 'non-2xx', 'errors', 'raw durable SQLite commits/s'],
      results.flatMap(({ endpoint, raw, runs }) =>
        runs.map((run) => [
          endpoint,
          run.connections,
          run.requestsPerSecond,
          ...[run.p50, run.p99].map(ms),
          run.non2xx,
          run.errors,
          raw,
        ]),
      ),
    );
    const goals = results.flatMap(({ endpoint, raw, runs: [ten = { requestsPerSecond: 0, p99: NaN, non2xx: 1 }] }) => [
      {
        goal: `${endpoint} ≥ 50% of raw durable SQLite rate`,
        measured: `${ten.requestsPerSecond}/s vs ${raw}/s (${Math.round((100 * ten.requestsPerSecond) / raw)}%)`,
        met: ten.requestsPerSecond >= raw / 2 && ten.non2xx === 0,
      },
      { goal: `${endpoint} p99 ≤ 25 ms at 10 connections`, measured: `${ten.p99} ms`, met: ten.p99 <= 25 },
    ]);
    return { markdown, goals, data: results };
  },
};
