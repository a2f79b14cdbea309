import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxFamily } from '../../common/email-address';
import { jobAlertsConsentVersion } from '../../common/forms/job-alerts-form';
import { openDatabase } from '../../server/db/database';
import { addressHasher } from '../../server/privacy/address-hash';
import { addressHashKeyName, siteSecret } from '../../server/privacy/site-secret';
import { PersonioStandIn, type StandInPosition } from '../../server/test/personio-stand-in';
import { inParallel, request } from './support/http';
import { startBacking, startInstance, waitUntil, type Backing, type InstanceSettings } from './support/instances';

/**
 * Job alerts on PostgreSQL with two built instances reading one stand-in Personio feed. First the
 * way in: sign-ups and confirmations through the API, and one alert to each matching subscriber.
 * Then a round of 2,000 subscribers (twenty batches) whose instance is killed with SIGKILL while it
 * queues them: the other instance queues the rest, and every matching subscriber gets the
 * alert exactly once. (An instance killed while the mail server holds an alert's end unanswered
 * leaves that alert maybe delivered, for the operator, as every mail: docs/decisions/0048-maybe-delivered.md.)
 */
const position = (id: string, department: string, title: string): StandInPosition => ({
  id,
  department,
  texts: { de: { name: title, sections: [{ name: 'Aufgaben', value: `<p>${title}</p>` }] } },
});
const standIn = new PersonioStandIn();
let backing: Backing;
let settings: InstanceSettings;

beforeAll(async () => {
  standIn.positions = [position('6001', 'Lager', 'Lagerist (m/w/d)'), position('6002', 'Einkauf', 'Einkäufer (m/w/d)')];
  const feedUrl = await standIn.start();
  backing = await startBacking();
  settings = {
    databaseUrl: backing.postgres.url,
    smtpUrl: backing.smtp.url,
    env: {
      JOBS_FEED_URL: feedUrl,
      JOBS_FEED_REFRESH_SECONDS: '2',
      JOB_ALERTS_PER_MINUTE: '6000',
      TEST_QUEUE_TIMINGS: 'lockMs=2000,firstRetryMs=200,maxRetryMs=1000',
    },
  };
});

afterAll(async () => {
  await backing?.stop();
  await standIn.stop();
});

const post = (url: string, payload: unknown) =>
  request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
const mailsTo = (address: string) => backing.smtp.received.filter((mail) => mail.envelope.to.includes(address));
const alertsOf = (email: string, title: string) =>
  mailsTo(email).filter((mail) => mail.parsed.subject?.includes(title));

describe('job alerts on two instances', () => {
  it('reach each matching subscriber once, after kill -9 of the instance in the middle of queuing a round', async () => {
    const a = await startInstance(settings);
    await waitUntil(
      async () => (await request(`${a.url}/jobs`)).body.includes('Lagerist'),
      30_000,
      () => `the feed was not read:\n${a.output()}`,
    );
    // The way in: 8 sign-ups through the API, half for each department, each confirmed from its mail.
    const signedUp = Array.from({ length: 8 }, (_, i) => `signed${i}@example.org`);
    const department = (email: string) => (Number(/\d+/.exec(email)?.[0]) % 2 ? 'Einkauf' : 'Lager');
    const answers = await inParallel(signedUp, 4, (email) =>
      post(`${a.url}/subscribe-job-alerts.php`, { email, departments: [department(email)] }),
    );
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    await waitUntil(
      () => signedUp.every((email) => mailsTo(email).length === 1),
      60_000,
      () => 'confirmations',
    );
    for (const email of signedUp) {
      const token = /\/jobs\/alerts\/confirm\?token=([\w-]+)/.exec(mailsTo(email)[0]?.parsed.text ?? '')?.[1];
      expect((await post(`${a.url}/api/job-alerts/confirm`, { token })).status).toBe(200);
    }
    // 1,992 more, seeded as a confirmation leaves them, so that a round takes twenty batches.
    const handle = openDatabase({ kind: 'postgres', url: backing.postgres.url });
    const hash = addressHasher(await siteSecret(handle.db, addressHashKeyName));
    const seeded = Array.from({ length: 1_992 }, (_, i) => `seeded${i}@example.org`);
    const at = Date.now() - 60_000;
    await handle.db
      .insertInto('job_alert_subscribers')
      .values(
        seeded.map((email) => ({
          ...{ id: randomUUID(), email, email_hash: hash.email(email), mailbox_hash: hash.email(mailboxFamily(email)) },
          ...{ status: 'confirmed' as const, language: 'de', source: 'jobs-page', refusals: 0 },
          ...{ consent_text_version: jobAlertsConsentVersion, signed_up_at: at, confirmed_at: at },
          departments: department(email) === 'Lager' ? '["lager"]' : null,
        })),
      )
      .execute();
    await handle.close();
    const lager = [...signedUp, ...seeded].filter(
      (email) => department(email) === 'Lager' || email.startsWith('seeded'),
    );
    const einkauf = signedUp.filter((email) => department(email) === 'Einkauf');

    // The mail server is away (an alert fails before anything of it is sent), and the instance queuing
    // the round is killed once some of its batches are committed and before the last.
    await backing.smtp.stop();
    const watcher = new pg.Client({ connectionString: backing.postgres.url });
    await watcher.connect();
    const round = async () =>
      (
        await watcher.query<{ recipients: number; queued_at: string | null }>(
          'select recipients, queued_at from job_alert_rounds',
        )
      ).rows[0];
    standIn.positions = [...standIn.positions, position('6003', 'Lager', 'Staplerfahrer (m/w/d)')];
    await waitUntil(
      async () => ((await round())?.recipients ?? 0) > 0,
      60_000,
      () => `no round:\n${a.output()}`,
    );
    await a.kill();
    const atKill = await round();
    await watcher.end();
    expect(atKill?.queued_at, 'the round was still being queued when its instance was killed').toBeNull();
    const b = await startInstance(settings);
    await backing.smtp.start();

    const title = 'Staplerfahrer';
    await waitUntil(
      () => lager.every((email) => alertsOf(email, title).length > 0),
      120_000,
      () => `${lager.filter((email) => alertsOf(email, title).length === 0).length} alerts missing:\n${b.output()}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const counts = lager.map((email) => alertsOf(email, title).length);
    console.log(
      `job alerts: ${lager.length} matching subscribers; the instance queuing the round killed while it queued ` +
        `(${atKill?.recipients} of its alerts committed before); every one reached, ${counts.filter((n) => n > 1).length} twice`,
    );
    expect(counts).toEqual(lager.map(() => 1));
    expect(einkauf.flatMap((email) => alertsOf(email, title))).toEqual([]);
    await b.terminate();
  }, 300_000);

  it('reach each matching subscriber once, after kill -9 of the instance in the middle of sending them', async () => {
    // The relay takes each alert on before it answers (a content filter), as a real one keeps a
    // message whose sender hung up before the answer: the alert in hand at the kill is delivered by
    // it and maybe delivered for the outbox, which sends it no more.
    backing.smtp.answerDelayMs = 50;
    backing.smtp.keepAbandoned = true;
    const a = await startInstance(settings);
    const handle = openDatabase({ kind: 'postgres', url: backing.postgres.url });
    const matching = (
      await handle.db
        .selectFrom('job_alert_subscribers')
        .select('email')
        .where('status', '=', 'confirmed')
        .where((eb) => eb.or([eb('departments', 'is', null), eb('departments', 'like', '%lager%')]))
        .execute()
    )
      .map(({ email }) => email)
      .filter((email): email is string => email !== null);
    await handle.close();
    expect(matching.length).toBeGreaterThan(1_000);

    const title = 'Kommissionierer';
    standIn.positions = [...standIn.positions, position('6004', 'Lager', `${title} (m/w/d)`)];
    const sent = () => backing.smtp.received.filter((mail) => mail.parsed.subject?.includes(title)).length;
    // Killed while the relay holds an alert's end unanswered, 200 alerts in.
    await waitUntil(
      () => sent() >= 200 && backing.smtp.inProgress > 0,
      120_000,
      () => `${sent()} alerts sent:\n${a.output()}`,
    );
    await a.kill();
    backing.smtp.answerDelayMs = 0;
    const atKill = sent();
    expect(atKill, 'the round was still being sent when its instance was killed').toBeLessThan(matching.length);
    const b = await startInstance(settings);
    try {
      await waitUntil(
        () => matching.every((email) => alertsOf(email, title).length > 0),
        180_000,
        () =>
          `${matching.filter((email) => alertsOf(email, title).length === 0).length} alerts missing:\n${b.output()}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const counts = matching.map((email) => alertsOf(email, title).length);
      console.log(
        `job alerts: ${matching.length} matching subscribers; the instance sending them killed after ${atKill} ` +
          `(${backing.smtp.abandoned} taken on unanswered); every one reached, ${counts.filter((n) => n > 1).length} twice`,
      );
      expect(counts).toEqual(matching.map(() => 1));
    } finally {
      backing.smtp.answerDelayMs = 0;
      backing.smtp.keepAbandoned = false;
      await b.terminate();
    }
  }, 400_000);
});
