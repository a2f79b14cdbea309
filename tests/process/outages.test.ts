import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markerOf, newMarker, percentile, postContact, request, type Outcome } from './support/http';
import { startBacking, startInstance, waitUntil, type Backing, type Instance } from './support/instances';
import { waitForMarkers } from './support/mailbox';

let backing: Backing;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  backing = await startBacking();
  const settings = { databaseUrl: backing.postgres.url, smtpUrl: backing.smtp.url };
  a = await startInstance(settings);
  b = await startInstance(settings);
});

afterAll(async () => {
  await backing?.stop();
});

const sequentially = async (count: number, prefix: string) => {
  const sent: { marker: string; outcome: Outcome }[] = [];
  for (let n = 0; n < count; n++) {
    const marker = newMarker(prefix);
    sent.push({ marker, outcome: await postContact((n % 2 ? a : b).url, marker) });
  }
  return sent;
};

const figures = (sent: { outcome: Outcome }[]) => {
  const ms = sent.map(({ outcome }) => outcome.ms);
  return `p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms`;
};

const failedAttempts = async () =>
  Number(
    (
      await backing.postgres.query<{ count: string }>("select count(*) from outbox_attempts where outcome = 'failed'")
    )[0]?.count,
  );

describe('the mail server going down', () => {
  it('loses nothing and delivers each mail once when it is back (POST latency printed, up and down)', async () => {
    const up = await sequentially(40, 'smtp-up');
    await backing.smtp.stop();
    const outageStarted = Date.now();
    const down = await sequentially(40, 'smtp-down');
    // Down long enough that every instance's worker has tried and failed.
    await waitUntil(
      async () => (await failedAttempts()) > 0,
      30_000,
      () => 'no delivery attempt failed while SMTP was down',
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3_000 - (Date.now() - outageStarted))));
    await backing.smtp.start();

    console.log(`POST /send-contact.php with SMTP up:   ${figures(up)}`);
    console.log(`POST /send-contact.php with SMTP down: ${figures(down)}`);
    expect([...up, ...down].filter(({ outcome }) => outcome.status !== 200)).toEqual([]);

    const markers = [...up, ...down].map(({ marker }) => marker);
    const { byMarker, duplicateMessageIds } = await waitForMarkers(backing.smtp, markers, 60_000);
    expect(duplicateMessageIds).toEqual([]);
    expect(markers.filter((marker) => byMarker.get(marker) !== 1)).toEqual([]);
  });
});

describe('the database going down', () => {
  it('answers 503 and /healthz 503 while it is down, and recovers by itself when it is back', async () => {
    const before = [newMarker('db-before'), newMarker('db-before')];
    expect((await postContact(a.url, before[0] ?? '')).status).toBe(200);
    expect((await postContact(b.url, before[1] ?? '')).status).toBe(200);

    backing.postgres.down();
    for (const instance of [a, b]) {
      const refused = await postContact(instance.url, newMarker('db-down'));
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toEqual({ success: false, error: 'unavailable' });
      const health = await request(`${instance.url}/healthz`);
      expect(health.status).toBe(503);
      expect(JSON.parse(health.body)).toEqual({ success: false, error: 'database_unavailable' });
      // Asked from this machine, without METRICS_TOKEN set.
      expect((await request(`${instance.url}/metrics`)).body).toMatch(/^westbridge_database_up 0$/m);
      // Pages need no database.
      expect((await request(`${instance.url}/about`)).status).toBe(200);
    }

    backing.postgres.up();
    const after: string[] = [];
    for (const instance of [a, b]) {
      await waitUntil(
        async () => (await request(`${instance.url}/healthz`)).status === 200,
        30_000,
        () => 'no recovery',
      );
      const marker = newMarker('db-after');
      expect((await postContact(instance.url, marker)).status).toBe(200);
      after.push(marker);
      expect(instance.running()).toBe(true);
    }
    const { byMarker } = await waitForMarkers(backing.smtp, [...before, ...after], 60_000);
    expect([...before, ...after].filter((marker) => byMarker.get(marker) !== 1)).toEqual([]);
  });
});

describe('the database going down while the SMTP server accepts a mail', () => {
  it('records the delivery as soon as the database is back, and does not send the mail again', async () => {
    backing.smtp.answerDelayMs = 1_500;
    const marker = newMarker('db-down-mid-send');
    let id = '';
    try {
      expect((await postContact(a.url, marker)).status).toBe(200);
      await waitUntil(
        () => backing.smtp.inProgress === 1,
        30_000,
        () => 'the mail was not being sent',
      );
      id =
        (
          await backing.postgres.query<{ id: string }>('select id from outbox where payload like $1', [`%${marker}%`])
        )[0]?.id ?? '';
      backing.postgres.down();
      const arrived = () => backing.smtp.received.some((mail) => markerOf(mail.parsed.subject) === marker);
      await waitUntil(arrived, 30_000, () => 'the SMTP server did not accept the mail');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      backing.smtp.answerDelayMs = 0;
      backing.postgres.up();
    }
    const backAt = Date.now();
    // Before, the mail stayed claimed until its 60 s lock ran out, and was then sent again.
    const status = async () =>
      (await backing.postgres.query<{ status: string }>('select status from outbox where id = $1', [id]))[0]?.status;
    await waitUntil(
      async () => (await status()) === 'sent',
      20_000,
      () => `the delivery was not recorded: ${id}`,
    );
    console.log(`delivery made while the database was down recorded ${Date.now() - backAt} ms after it was back`);
    const { byMarker, duplicateMessageIds } = await waitForMarkers(backing.smtp, [marker], 10_000);
    expect(byMarker.get(marker)).toBe(1);
    expect(duplicateMessageIds).toEqual([]);
  });
});
