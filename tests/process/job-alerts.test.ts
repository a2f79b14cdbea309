import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PersonioStandIn, type StandInPosition } from '../../server/test/personio-stand-in';
import { inParallel, request } from './support/http';
import { startBacking, startInstance, waitUntil, type Backing, type InstanceSettings } from './support/instances';

/**
 * Job alerts on PostgreSQL with two built instances reading one stand-in Personio feed: the
 * instance sending a round is killed (SIGKILL) while the mail server has an alert of it in
 * hand, and every matching subscriber still gets the alert exactly once.
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
      JOB_ALERTS_PER_MINUTE: '600',
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

describe('job alerts on two instances', () => {
  it('reach every matching subscriber exactly once after kill -9 of the instance sending the round', async () => {
    const a = await startInstance(settings);
    await waitUntil(
      async () => (await request(`${a.url}/jobs`)).body.includes('Lagerist'),
      30_000,
      () => `the feed was not read:\n${a.output()}`,
    );
    const lager = Array.from({ length: 16 }, (_, i) => `lager${i}@example.org`);
    const buying = Array.from({ length: 8 }, (_, i) => `einkauf${i}@example.org`);
    const all = [...lager, ...buying];
    const signUps = await inParallel(all, 4, (email) =>
      post(`${a.url}/subscribe-job-alerts.php`, { email, departments: [lager.includes(email) ? 'Lager' : 'Einkauf'] }),
    );
    expect(signUps.filter((outcome) => outcome.status !== 200)).toEqual([]);
    await waitUntil(
      () => all.every((email) => mailsTo(email).length === 1),
      60_000,
      () => `${all.filter((email) => mailsTo(email).length === 0).length} confirmation mails missing`,
    );
    for (const email of all) {
      const token = /\/jobs\/alerts\/confirm\?token=([\w-]+)/.exec(mailsTo(email)[0]?.parsed.text ?? '')?.[1];
      expect((await post(`${a.url}/api/job-alerts/confirm`, { token })).status).toBe(200);
    }

    // Each alert now waits 1.5 s for the mail server's answer: the round takes a while.
    backing.smtp.answerDelayMs = 1_500;
    const alertsOf = (email: string) => mailsTo(email).filter((mail) => mail.parsed.subject?.includes('Staplerfahrer'));
    standIn.positions = [...standIn.positions, position('6003', 'Lager', 'Staplerfahrer (m/w/d)')];
    await waitUntil(
      () => lager.filter((email) => alertsOf(email).length > 0).length >= 2 && backing.smtp.inProgress > 0,
      60_000,
      () => `the round did not start:\n${a.output()}`,
    );
    const b = await startInstance(settings);
    const abandonedBefore = backing.smtp.abandoned;
    await a.kill();
    const killedAt = Date.now();
    await waitUntil(
      () => lager.every((email) => alertsOf(email).length > 0),
      90_000,
      () => `${lager.filter((email) => alertsOf(email).length === 0).length} alerts missing:\n${b.output()}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const abandoned = backing.smtp.abandoned - abandonedBefore;
    const counts = lager.map((email) => alertsOf(email).length);
    console.log(
      `job alerts: ${lager.length} matching subscribers, the sending instance killed mid-round: all reached ` +
        `${Date.now() - killedAt - 3_000} ms after the kill, ${counts.filter((n) => n > 1).length} twice, ` +
        `${abandoned} alert the killed instance had in hand went again (not a duplicate)`,
    );
    expect(abandoned).toBeGreaterThanOrEqual(1);
    expect(counts).toEqual(lager.map(() => 1));
    expect(buying.flatMap(alertsOf)).toEqual([]);
    await b.terminate();
  }, 240_000);
});
