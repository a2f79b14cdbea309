/**
 * Bench section "job-alerts" (docs/decisions/0056-job-alerts.md): 2,000 subscribers seeded in SQLite, then PostgreSQL;
 * 5 positions open in one read of the stand-in: time to queue the round, another page meanwhile beside no feed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mailboxFamily } from '../../common/email-address';
import { jobAlertsConsentVersion } from '../../common/forms/job-alerts-form';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { migrateToLatest, openDatabase, type Database } from '../../server/db/database';
import { addressHasher } from '../../server/privacy/address-hash';
import { addressHashKeyName, siteSecret } from '../../server/privacy/site-secret';
import { PersonioStandIn, type StandInPosition } from '../../server/test/personio-stand-in';
import { startPostgres } from '../../server/test/postgres-server';
import type { BenchSection } from './sections';
import { ms, startServer, table, type RunningServer } from './support';

const subscribers = 2_000;
const opened = 5;
const other = pageHref('about', languageCodes.find((code) => code !== defaultLanguage) ?? defaultLanguage);
const goals = { queueMs: 10_000, aboveReferenceMs: 100 };

const position = (id: number): StandInPosition => ({
  id: String(id),
  department: 'Lager',
  texts: { [defaultLanguage]: { name: `Lagerist ${id} (m/w/d)`, sections: [{ name: 'A', value: `<p>${id}</p>` }] } },
});
/** Confirmed subscribers as a sign-up and its confirmation leave them: half for every department, three languages. */
async function seed(db: Database): Promise<void> {
  const hash = addressHasher(await siteSecret(db, addressHashKeyName));
  const at = Date.now() - 24 * 3600_000;
  const row = (n: number, email = `applicant${n}@example.org`) => ({
    ...{ id: randomUUID(), email, email_hash: hash.email(email), mailbox_hash: hash.email(mailboxFamily(email)) },
    ...{ status: 'confirmed' as const, language: languageCodes[n % 3] ?? defaultLanguage, source: 'jobs-page' },
    ...{ consent_text_version: jobAlertsConsentVersion, signed_up_at: at, confirmed_at: at, refusals: 0 },
    departments: n % 2 ? '["lager"]' : null,
  });
  const insert = (from: number) => Array.from({ length: 200 }, (_, n) => row(from + n));
  for (let from = 0; from < subscribers; from += 200)
    await db.insertInto('job_alert_subscribers').values(insert(from)).execute();
}
/** Requests for another page one after another (5 ms apart) until `done`. */
async function probe(server: RunningServer, done: () => boolean) {
  const times: number[] = [];
  while (!done()) {
    const started = performance.now();
    await (await fetch(`${server.url}${other}`)).arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  times.sort((a, b) => a - b);
  return { requests: times.length, p99: times[Math.floor(times.length * 0.99)] ?? 0, max: times.at(-1) ?? 0 };
}
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 120_000; !(await check()); await new Promise((ok) => setTimeout(ok, 250)))
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
}
/** One round on the database `env` points the instance at; `db` is the same database, for seeding and reading the round. */
async function measureRound(root: string, plain: RunningServer, env: Record<string, string>, db: Database) {
  await migrateToLatest(db);
  await seed(db);
  const standIn = new PersonioStandIn();
  standIn.positions = [position(1)];
  const feedUrl = await standIn.start();
  const server = await startServer(root, { ...env, JOBS_FEED_URL: feedUrl, JOBS_FEED_REFRESH_SECONDS: '2' });
  try {
    const jobs = `${server.url}${pageHref('jobs', defaultLanguage)}`;
    await until(async () => (await (await fetch(jobs)).text()).includes('Lagerist 1 '), 'the baseline');
    // Read from the database every 250 ms: a /metrics scrape would add work to the instance measured.
    const round = () => db.selectFrom('job_alert_rounds').selectAll().executeTakeFirst();
    const changed = performance.now();
    standIn.positions = Array.from({ length: opened + 1 }, (_, n) => position(n + 1));
    let done = false;
    const probing = probe(server, () => done);
    await until(async () => typeof (await round())?.queued_at === 'number', 'the round to be queued');
    done = true;
    const during = await probing;
    const spanMs = performance.now() - changed;
    const started = performance.now();
    const reference = await probe(plain, () => performance.now() - started > spanMs);
    const { recipients = 0, queued_at: queuedAt = 0, created_at: createdAt = 0 } = (await round()) ?? {};
    return { recipients, queueMs: (queuedAt ?? 0) - createdAt, spanMs, during, reference };
  } finally {
    await server.stop();
    await standIn.stop();
  }
}

export const jobAlertsSection: BenchSection = {
  id: 'job-alerts',
  title: `Job alerts: a round of ${opened} new positions for ${subscribers.toLocaleString('en-GB')} subscribers`,
  async run({ root }) {
    const plain = await startServer(root);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-alerts-'));
    const sqlite = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'site.db') });
    const postgresServer = await startPostgres();
    const postgres = openDatabase({ kind: 'postgres', url: postgresServer.url });
    try {
      const data = {
        SQLite: await measureRound(root, plain, { DATA_DIR: dataDir }, sqlite.db),
        PostgreSQL: await measureRound(root, plain, { DATABASE_URL: postgresServer.url }, postgres.db),
      };
      const latency = ({ max, p99, requests }: Awaited<ReturnType<typeof probe>>) =>
        `${ms(max)}, ${ms(p99)} (${requests})`;
      const rows = Object.entries(data).map(([name, { recipients, queueMs, spanMs, during, reference }]) => [
        name,
        `${recipients}`,
        ms(queueMs),
        ms(spanMs),
        latency(during),
        latency(reference),
      ]);
      const head = ['database', 'alerts', 'time to queue', 'change to queued', `${other}: slowest, p99 (n)`, 'no feed'];
      return {
        markdown: `${table(head, rows)}\n\nA read every 2 s; subscribers seeded half for every department, half for the positions' one, in three languages. The alerts are then sent at JOB_ALERTS_PER_MINUTE, not measured here.`,
        data,
        goals: Object.entries(data).flatMap(([name, { queueMs, recipients, during, reference }]) => [
          {
            goal: `${name}: ${subscribers} alerts queued in ≤ ${ms(goals.queueMs)}`,
            measured: ms(queueMs),
            met: queueMs <= goals.queueMs && recipients === subscribers,
          },
          {
            goal: `${name}: another page meanwhile, slowest ≤ ${ms(goals.aboveReferenceMs)} above an instance without a feed`,
            measured: `${ms(during.max)} beside ${ms(reference.max)}`,
            met: during.max <= reference.max + goals.aboveReferenceMs,
          },
        ]),
      };
    } finally {
      await plain.stop();
      await Promise.all([sqlite.close(), postgres.close()]);
      postgresServer.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
