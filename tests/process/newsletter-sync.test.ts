import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderMock } from '../../server/test/provider-mock';
import { inParallel, request } from './support/http';
import {
  startBacking,
  startInstance,
  waitUntil,
  type Backing,
  type Instance,
  type InstanceSettings,
} from './support/instances';

let backing: Backing;
let provider: ProviderMock;
let settings: InstanceSettings;

beforeAll(async () => {
  backing = await startBacking();
  provider = new ProviderMock('brevo');
  await provider.start();
  settings = {
    databaseUrl: backing.postgres.url,
    smtpUrl: backing.smtp.url,
    env: {
      NEWSLETTER_PROVIDER: 'brevo',
      NEWSLETTER_PROVIDER_KEY: provider.settings.key,
      NEWSLETTER_PROVIDER_LIST: provider.settings.list,
      NEWSLETTER_PROVIDER_URL: provider.url,
      NEWSLETTER_TRACKING: 'anonymous',
      // Claims last 5 s here (60 s in production), so a killed instance's sync is taken over sooner.
      TEST_QUEUE_TIMINGS: 'lockMs=5000',
    },
  };
});

afterAll(async () => {
  await backing?.stop();
  await provider?.stop();
});

const post = (instance: Instance, path: string, payload: unknown) =>
  request(`${instance.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

/** Signs each address up on one of `instances` and confirms it through its mail, on another; returns the statuses of the confirmations. */
async function signUpAndConfirm(emails: readonly string[], instances: readonly Instance[]): Promise<number[]> {
  const pick = (n: number) => instances[n % instances.length] as Instance;
  const signUps = await inParallel(emails, 8, (email, n) =>
    post(pick(n), '/subscribe-newsletter.php', { email, language: 'de' }),
  );
  expect(signUps.filter((outcome) => outcome.status !== 200)).toEqual([]);
  const tokenFor = (email: string) =>
    /\/newsletter\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(
      backing.smtp.received.find((mail) => mail.envelope.to[0] === email)?.parsed.text ?? '',
    )?.[1];
  await waitUntil(
    () => emails.every(tokenFor),
    60_000,
    () => `${emails.filter((email) => !tokenFor(email)).length} confirmation mails missing`,
  );
  const confirmations = await inParallel(emails, 8, (email, n) =>
    post(pick(n + 1), '/api/newsletter/confirm', { token: tokenFor(email) }),
  );
  return confirmations.map((outcome) => outcome.status ?? 0);
}

async function jobStatuses(emails: readonly string[]): Promise<Map<string, number>> {
  const rows = await backing.postgres.query<{ status: string; failed: boolean }>(
    `select job.status, job.last_error is not null as failed from outbox job
     join newsletter_subscribers s on s.id = job.order_key
     where job.kind in ('newsletter-subscribe', 'newsletter-unsubscribe') and s.email = any($1)`,
    [emails],
  );
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = row.failed ? `${row.status} (failed before)` : row.status;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** How often the provider was asked to add each address. */
function requestsPerAddress(emails: readonly string[]): Map<string, number> {
  const own = new Set(emails);
  const counts = new Map<string, number>();
  for (const { method, path, body } of provider.requests) {
    const email = (body as { email?: string } | null)?.email ?? '';
    if (method === 'POST' && path === '/v3/contacts' && own.has(email)) counts.set(email, (counts.get(email) ?? 0) + 1);
  }
  return counts;
}

const subscribedOf = (emails: readonly string[]) => provider.subscribed().filter((email) => emails.includes(email));

describe('newsletter sync across instances', () => {
  it('keeps 100 confirmations made while the provider is down, and delivers each exactly once when it is back', async () => {
    const [a, b] = await Promise.all([startInstance(settings), startInstance(settings)]);
    const emails = Array.from({ length: 100 }, (_, n) => `down${n}@kunde.example`);
    await provider.stop();
    const downAt = Date.now();
    const statuses = await signUpAndConfirm(emails, [a as Instance, b as Instance]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    await waitUntil(
      async () => ((await jobStatuses(emails)).get('pending (failed before)') ?? 0) > 0,
      30_000,
      () => 'no sync attempt failed while the provider was down',
    );
    const waiting = await jobStatuses(emails);
    await provider.start();
    const backAt = Date.now();

    await waitUntil(
      () => subscribedOf(emails).length === emails.length,
      90_000,
      () => `${subscribedOf(emails).length} of 100 subscribers arrived`,
    );
    const arrivedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const perAddress = requestsPerAddress(emails);
    console.log(
      `provider down ${backAt - downAt} ms during 100 sign-ups and confirmations (jobs then: ${[...waiting].map(([k, v]) => `${k} ${v}`).join(', ')}); ` +
        `all 100 arrived ${arrivedAt - backAt} ms after it was back; requests per address: ${[...new Set(perAddress.values())].join(', ')}`,
    );
    expect(subscribedOf(emails)).toEqual([...emails].sort());
    expect(emails.filter((email) => perAddress.get(email) !== 1)).toEqual([]);
    expect([...(await jobStatuses(emails)).keys()].every((key) => key.startsWith('sent'))).toBe(true);
    await Promise.all([a?.terminate(), b?.terminate()]);
  });

  it('loses no subscriber when an instance is killed with kill -9 in the middle of syncing', async () => {
    const emails = Array.from({ length: 30 }, (_, n) => `kill${n}@kunde.example`);
    const a = await startInstance(settings);
    // Slow answers, so the kill surely catches a sync in flight.
    provider.delayMs = 400;
    const before = provider.requests.length;
    const statuses = await signUpAndConfirm(emails, [a]);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    await waitUntil(
      () => provider.requests.length - before >= 5,
      30_000,
      () => 'the sync did not start',
    );
    await a.kill();
    const killedAt = Date.now();
    const inFlight = provider.requests.length - before;
    const b = await startInstance(settings);
    provider.delayMs = 0;

    // The job the killed instance held stays claimed until its lock runs out; then another instance takes it over.
    await waitUntil(
      () => subscribedOf(emails).length === emails.length,
      100_000,
      () => `${subscribedOf(emails).length} of ${emails.length} subscribers arrived`,
    );
    const arrivedAfter = Date.now() - killedAt;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const perAddress = requestsPerAddress(emails);
    const twice = emails.filter((email) => (perAddress.get(email) ?? 0) > 1);
    console.log(
      `kill -9 after ${inFlight} sync requests: all ${emails.length} arrived ${arrivedAfter} ms after the kill; ` +
        `${twice.length} sent twice (the one in flight), ${provider.contacts.size} contacts at the provider in all`,
    );
    expect([...(await jobStatuses(emails))]).toEqual([['sent', emails.length]]);
    expect(subscribedOf(emails)).toEqual([...emails].sort());
    expect(emails.filter((email) => (perAddress.get(email) ?? 0) < 1 || (perAddress.get(email) ?? 0) > 2)).toEqual([]);
    expect(twice.length).toBeLessThanOrEqual(1);
    await b.terminate();
  });
});
