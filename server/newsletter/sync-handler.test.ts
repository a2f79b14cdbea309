import { afterEach, describe, expect, it } from 'vitest';
import type { NewsletterProviderName } from '../config';
import { kindsOf } from '../queue/kinds';
import { ProviderMock } from '../test/provider-mock';
import { startTestServer, type TestServer } from '../test/test-server';
import { deadSyncs, formatDeadSyncs } from './sync-jobs';
import { redact } from './sync-handler';

let server: TestServer;
let mock: ProviderMock;
const lines: string[] = [];

async function start(name: NewsletterProviderName = 'brevo', { key }: { key?: string } = {}) {
  mock = new ProviderMock(name);
  await mock.start();
  lines.length = 0;
  server = await startTestServer(
    {
      formRateLimit: 1000,
      newsletterProvider: { name, key: key ?? mock.settings.key, list: mock.settings.list, url: mock.url },
    },
    { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
  );
}

afterEach(async () => {
  await server?.close();
  await mock?.stop();
});

const post = (url: string, payload: unknown) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const jobs = async () =>
  (
    await server.database.handle.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', 'in', kindsOf('newsletter_sync'))
      .orderBy('created_at')
      .orderBy('seq')
      .execute()
  ).map((job) => ({ ...job, action: job.kind.replace('newsletter-', '') }));
const sync = () => {
  const worker = server.app.newsletterSync;
  if (!worker) throw new Error('no newsletter sync');
  return worker;
};
/** Runs the worker until nothing is due. */
async function drain(): Promise<void> {
  while ((await sync().runOnce()) > 0);
}

/** Signs `email` up through the API and returns the tokens of its confirmation mail. */
async function signUp(email: string, language = 'en', { tracking }: { tracking?: boolean } = {}) {
  const before = server.smtp.received.length;
  expect((await post('/subscribe-newsletter.php', { email, language, tracking })).statusCode).toBe(200);
  await server.app.outbox.runOnce();
  const [mail] = (await server.smtp.waitFor(before + 1)).slice(before);
  const token = (page: string) =>
    new RegExp(`/newsletter/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail?.parsed.text ?? '')?.[1] ?? '';
  return { confirm: token('confirm'), unsubscribe: token('unsubscribe') };
}

const day = 24 * 3600_000;

describe('the newsletter sync', () => {
  it('hands a confirmation, an unsubscription and a re-subscription to the provider, in order, keeping no address once delivered', async () => {
    await start('brevo');
    const first = await signUp('Adjoa@Example.com', 'de');
    expect(mock.requests).toEqual([]);
    expect((await post('/api/newsletter/confirm', { token: first.confirm })).json()).toEqual({
      success: true,
      status: 'confirmed',
    });
    await drain();
    expect(mock.subscribed()).toEqual(['adjoa@example.com']);
    expect(mock.contacts.get('adjoa@example.com')?.attributes).toMatchObject({
      LANGUAGE: 'de',
      OPT_IN_SOURCE: 'popup',
    });

    expect((await post('/api/newsletter/unsubscribe', { token: first.unsubscribe })).statusCode).toBe(200);
    await drain();
    expect(mock.subscribed()).toEqual([]);

    // A day later (the sign-up mails an address at most once a day).
    await server.database.handle.db
      .updateTable('newsletter_subscribers')
      .set({ last_confirmation_mail_at: Date.now() - day - 1 })
      .execute();
    const again = await signUp('adjoa@example.com', 'de');
    expect((await post('/api/newsletter/confirm', { token: again.confirm })).statusCode).toBe(200);
    await drain();
    expect(mock.subscribed()).toEqual(['adjoa@example.com']);
    expect(mock.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v3/contacts',
      'POST /v3/contacts/lists/7/contacts/remove',
      'POST /v3/contacts',
    ]);
    // A repeated confirmation is not a new event.
    expect((await post('/api/newsletter/confirm', { token: again.confirm })).json()).toMatchObject({
      status: 'already_confirmed',
    });
    expect((await jobs()).map((job) => [job.action, job.status, job.payload])).toEqual([
      ['subscribe', 'sent', ''],
      ['unsubscribe', 'sent', ''],
      ['subscribe', 'sent', ''],
    ]);
  });

  it('sends nothing and writes no job without NEWSLETTER_PROVIDER', async () => {
    mock = new ProviderMock('brevo');
    await mock.start();
    server = await startTestServer({ formRateLimit: 1000 });
    expect(server.app.newsletterSync).toBeNull();
    const tokens = await signUp('kofi@example.com');
    await post('/api/newsletter/confirm', { token: tokens.confirm });
    await post('/api/newsletter/unsubscribe', { token: tokens.unsubscribe });
    expect(await jobs()).toEqual([]);
    expect(mock.requests).toEqual([]);
  });

  it('confirms while the provider is down; the job waits with backoff and arrives, before the unsubscription, once it is back', async () => {
    await start('mailchimp');
    const tokens = await signUp('esi@example.com');
    await mock.stop();
    expect((await post('/api/newsletter/confirm', { token: tokens.confirm })).json()).toEqual({
      success: true,
      status: 'confirmed',
    });
    expect(await sync().runOnce()).toBe(1);
    expect(await jobs()).toMatchObject([
      { action: 'subscribe', status: 'pending', attempts: 1, last_error: expect.stringMatching(/^unreachable: /) },
    ]);
    expect((await post('/api/newsletter/unsubscribe', { token: tokens.unsubscribe })).statusCode).toBe(200);
    // The worker rests for the backoff (2 s ± 20 %) instead of trying every waiting job.
    expect(await sync().runOnce()).toBe(0);

    await mock.start();
    server.advance(1_500);
    expect(await sync().runOnce()).toBe(0);
    server.advance(1_000);
    await drain();
    // Put, tagged (its tracking consent), then unsubscribed.
    expect(mock.requests.map((request) => request.method)).toEqual(['PUT', 'POST', 'PATCH']);
    expect(mock.contacts.get('esi@example.com')?.lists.get('a1b2c3d4e5')).toBe('unsubscribed');
  });

  it("hands each subscriber's separate tracking consent to Mailchimp, and keeps it with every consent event", async () => {
    await start('mailchimp'); // Its first tracking setting, `individual`: the sign-up offers the box.
    const tracked = await signUp('ama@example.com', 'en', { tracking: true });
    const untracked = await signUp('kojo@example.com');
    for (const tokens of [tracked, untracked])
      expect((await post('/api/newsletter/confirm', { token: tokens.confirm })).statusCode).toBe(200);
    await drain();
    expect(mock.subscribed().sort()).toEqual(['ama@example.com', 'kojo@example.com']);
    const tags = (email: string) => [...(mock.contacts.get(email)?.tags ?? [])];
    expect(tags('ama@example.com')).toEqual(['tracking-consent']);
    expect(tags('kojo@example.com')).toEqual([]);

    const { db } = server.database.handle;
    const ids = Object.fromEntries(
      (await db.selectFrom('newsletter_subscribers').select(['id', 'email']).execute()).map((row) => [
        row.email,
        row.id,
      ]),
    );
    for (const tokens of [tracked, untracked])
      expect((await post('/api/newsletter/unsubscribe', { token: tokens.unsubscribe })).statusCode).toBe(200);
    const events = await db
      .selectFrom('newsletter_consent_events')
      .select(['subscriber_id', 'event', 'tracking_consent'])
      .execute();
    const stepsOf = (id: string | undefined) =>
      events
        .filter((row) => row.subscriber_id === id)
        .map((row) => `${row.event} ${row.tracking_consent}`)
        .sort();
    const steps = ['confirmation_sent', 'confirmed', 'signed_up', 'unsubscribed'];
    expect(stepsOf(ids['ama@example.com'])).toEqual(steps.map((step) => `${step} 1`));
    expect(stepsOf(ids['kojo@example.com'])).toEqual(steps.map((step) => `${step} 0`));
  });

  it('waits as long as a 429 Retry-After says, and retries after a 5xx', async () => {
    await start('listmonk');
    await post('/api/newsletter/confirm', { token: (await signUp('kwesi@example.com')).confirm });
    mock.answerNext({ status: 429, headers: { 'retry-after': '30' }, body: { message: 'Too many requests.' } });
    const before = Date.now();
    expect(await sync().runOnce()).toBe(1);
    const [job] = await jobs();
    expect(job?.next_attempt_at).toBeGreaterThanOrEqual(before + 30_000);
    expect(job?.next_attempt_at).toBeLessThan(Date.now() + 31_000);
    server.advance(29_000);
    expect(await sync().runOnce()).toBe(0);
    server.advance(1_500);
    mock.answerNext({ status: 502, body: { message: 'Bad Gateway' } });
    expect(await sync().runOnce()).toBe(1);
    expect((await jobs())[0]).toMatchObject({ status: 'pending', attempts: 2, last_error: 'HTTP 502: Bad Gateway' });
    server.advance(10_000);
    await drain();
    expect(mock.subscribed()).toEqual(['kwesi@example.com']);
    expect(mock.requests).toHaveLength(3);
  });

  it('logs a refused key once, clearly and without the key, while every job waits', async () => {
    const wrongKey = 'xkeysib-ffffeeeeddddccccbbbbaaaa99998888-WrongKey';
    await start('brevo', { key: wrongKey });
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      expect((await post('/api/newsletter/confirm', { token: (await signUp(email)).confirm })).statusCode).toBe(200);
    }
    for (let round = 0; round < 4; round++) {
      await drain();
      server.advance(6 * 60_000);
    }
    expect(mock.requests.length).toBeGreaterThanOrEqual(4);
    expect((await jobs()).map((job) => [job.status, job.attempts > 0])).toEqual([
      ['pending', true],
      ['pending', true],
      ['pending', true],
    ]);
    const log = lines.join('');
    expect(log.match(/refused the API key/g)).toHaveLength(1);
    expect(log).toContain('brevo refused the API key (HTTP 401): check NEWSLETTER_PROVIDER_KEY');
    expect(log).not.toContain(wrongKey);
    expect(log).not.toContain('a@example.com');
  });

  it('gives up a refused address at once and a failing job after 24 hours, and lists both as dead', async () => {
    await start('brevo');
    await post('/api/newsletter/confirm', { token: (await signUp('invalid.kojo@example.com')).confirm });
    await drain();
    await post('/api/newsletter/confirm', { token: (await signUp('late@example.com')).confirm });
    mock.answerNext(...Array.from({ length: 5 }, () => ({ status: 503 })));
    await drain();
    server.advance(12 * 3600_000);
    await drain();
    expect((await jobs()).map((job) => job.status)).toEqual(['dead', 'pending']);
    server.advance(12 * 3600_000);
    await drain();
    expect((await jobs()).map((job) => job.status)).toEqual(['dead', 'dead']);
    expect(await deadSyncs(server.database.handle.db)).toMatchObject([
      {
        action: 'subscribe',
        email: 'invalid.kojo@example.com',
        attempts: 1,
        lastError: 'HTTP 400: invalid_parameter – Invalid email address',
      },
      { action: 'subscribe', email: 'late@example.com', attempts: 3, lastError: 'HTTP 503' },
    ]);
    expect(mock.subscribed()).toEqual([]);
    const listing = formatDeadSyncs(await deadSyncs(server.database.handle.db)).split('\n');
    expect(listing[0]).toBe('created_at\tgiven_up_at\taction\temail\tattempts\tlast_error\tjob');
    expect(listing[2]).toMatch(/^\S+Z\t\S+Z\tsubscribe\tlate@example\.com\t3\tHTTP 503\t[0-9a-f-]{36}$/);
    expect(listing.join('\n')).not.toContain(mock.settings.key);
  });

  it('delivers each job once when two workers share the database', async () => {
    await start('brevo');
    mock.delayMs = 20;
    const emails = Array.from({ length: 12 }, (_, n) => `partner${n}@example.com`);
    for (const email of emails) await post('/api/newsletter/confirm', { token: (await signUp(email)).confirm });
    // A second instance with its own worker.
    const other = await server.another({
      newsletterProvider: { name: 'brevo', key: mock.settings.key, list: mock.settings.list, url: mock.url },
    });
    const workers = [sync(), other.newsletterSync];
    const handled = await Promise.all(
      workers.map(async (worker) => {
        let count = 0;
        for (let n = 1; n > 0; count += n) n = (await worker?.runOnce()) ?? 0;
        return count;
      }),
    );
    await other.close();
    expect(handled.reduce((a, b) => a + b)).toBe(emails.length);
    expect(mock.requests.map((request) => (request.body as { email: string }).email).sort()).toEqual(
      [...emails].sort(),
    );
  });
});

describe('redact', () => {
  it('cuts the key, each long part of a user:token key, and addresses out of a provider’s words', () => {
    expect(redact('Key xkeysib-123456789 not found for jane@example.com', 'xkeysib-123456789')).toBe(
      'Key [key] not found for <address>',
    );
    expect(redact('token website:Tk2v9QmZx7Lp4Rs8 / Tk2v9QmZx7Lp4Rs8', 'website:Tk2v9QmZx7Lp4Rs8')).toBe(
      'token [key] / [key]',
    );
  });
});
