import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseSchema } from '../db/schema';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
/** The site uses Matomo: a choice is recorded for it, and for no other service. */
const analytics = {
  provider: 'matomo' as const,
  scriptUrl: 'https://stats.westbridge.example/js/container.js',
  integrity: null,
};
beforeEach(async () => {
  server = await startTestServer({ formRateLimit: 100, trustProxy: true, analytics });
});
afterEach(async () => {
  await server.close();
});

const choice = (fields: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  version: 2,
  choices: { preferences: false, analytics: true, marketing: false },
  services: ['matomo'],
  timestamp: new Date().toISOString(),
  ...fields,
});

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const visitor = {
  remoteAddress: '203.0.113.57',
  headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', 'x-forwarded-for': '198.51.100.23' },
};

const post = (payload: unknown, headers: Record<string, string> = {}, contentType = 'application/json') =>
  server.app.inject({
    method: 'POST',
    url: '/api/consent',
    remoteAddress: visitor.remoteAddress,
    headers: { ...visitor.headers, 'content-type': contentType, ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const records = () => server.database.handle.db.selectFrom('consent_records').selectAll().execute();

/** Every row of every table, as text. */
async function everything(): Promise<string> {
  const tables: (keyof DatabaseSchema)[] = [
    'contact_messages',
    'outbox',
    'outbox_attempts',
    'newsletter_subscribers',
    'newsletter_tokens',
    'newsletter_consent_events',
    'rate_limits',
    'consent_records',
  ];
  const rows = await Promise.all(
    tables.map((table) => server.database.handle.db.selectFrom(table).selectAll().execute()),
  );
  return JSON.stringify(rows);
}

describe('POST /api/consent', () => {
  it('keeps the consent id, version, choices, services and time, and nothing about who sent it', async () => {
    const record = choice();
    const answer = await post(record);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true });
    const rows = await records();
    expect(rows).toEqual([
      {
        id: record.id,
        recorded_at: expect.any(Number),
        consented_at: Date.parse(record.timestamp),
        version: 2,
        preferences: 0,
        analytics: 1,
        marketing: 0,
        services: 'matomo',
      },
    ]);
    expect(Math.abs(Date.now() - (rows[0]?.recorded_at ?? 0))).toBeLessThan(60_000);
    const stored = await everything();
    for (const trace of ['203.0.113', '198.51.100', 'Mozilla', 'Firefox']) expect(stored).not.toContain(trace);
  });

  it('takes the same record again without a second row (a retry)', async () => {
    const record = choice({ services: [] });
    expect((await post(record)).statusCode).toBe(200);
    expect(
      (await post({ ...record, choices: { preferences: true, analytics: true, marketing: true } })).statusCode,
    ).toBe(200);
    expect(await records()).toMatchObject([{ id: record.id, preferences: 0, services: '' }]);
  });

  it.each([
    ['a malformed id', choice({ id: 'not-a-uuid' }), { id: 'invalidId' }],
    ['an id that is not random (v1)', choice({ id: 'c232ab00-9414-11ec-b3c8-9e6bdeced846' }), { id: 'invalidId' }],
    ['version 0', choice({ version: 0 }), { version: 'invalidVersion' }],
    ['a fractional version', choice({ version: 1.5 }), { version: 'invalidVersion' }],
    [
      'choices that are not booleans',
      choice({ choices: { preferences: 'yes', analytics: true, marketing: false } }),
      { choices: expect.any(String) },
    ],
    ['an id in upper case', choice({ id: randomUUID().toUpperCase() }), { id: 'invalidId' }],
    ['an older version', choice({ version: 1 }), { version: 'invalidVersion' }],
    ['a later version', choice({ version: 3 }), { version: 'invalidVersion' }],
    ['version 2^31-1', choice({ version: 2 ** 31 - 1 }), { version: 'invalidVersion' }],
    ['a service the registry does not know', choice({ services: ['hotjar'] }), { services: 'invalidServices' }],
    ['a service this site does not use', choice({ services: ['google'] }), { services: 'invalidServices' }],
    ['a service twice', choice({ services: ['matomo', 'matomo'] }), { services: 'invalidServices' }],
    ['a time that is not ISO 8601', choice({ timestamp: 'yesterday' }), { timestamp: 'invalidTimestamp' }],
    ['the year 1', choice({ timestamp: '0001-01-01T00:00:00.000Z' }), { timestamp: 'invalidTimestamp' }],
    ['the year 2099', choice({ timestamp: '2099-12-31T23:59:59.999Z' }), { timestamp: 'invalidTimestamp' }],
  ])('refuses %s with 400 and the field', async (_name, payload, fields) => {
    const answer = await post(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ success: false, error: 'invalid_input', fields });
    expect(await records()).toEqual([]);
  });

  // The times are taken when the test runs, not when the file loads: a slow run must not move them into the window.
  it.each([-11, 11])('refuses a time %i minutes from now with 400 and the field', async (minutes) => {
    const answer = await post(choice({ timestamp: minutesFromNow(minutes) }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      success: false,
      error: 'invalid_input',
      fields: { timestamp: 'invalidTimestamp' },
    });
    expect(await records()).toEqual([]);
  });

  it('takes a device clock a few minutes off', async () => {
    expect((await post(choice({ timestamp: minutesFromNow(-9) }))).statusCode).toBe(200);
    expect((await post(choice({ timestamp: minutesFromNow(9) }))).statusCode).toBe(200);
    expect(await records()).toHaveLength(2);
  });

  it('keeps one record for an id in any case: an upper-cased copy is refused', async () => {
    const record = choice();
    expect((await post(record)).statusCode).toBe(200);
    const copy = await post({ ...record, id: record.id.toUpperCase() });
    expect(copy.statusCode).toBe(400);
    expect(copy.json()).toEqual({ success: false, error: 'invalid_input', fields: { id: 'invalidId' } });
    expect(await records()).toMatchObject([{ id: record.id }]);
  });

  it('refuses every service while the site uses none', async () => {
    await server.close();
    server = await startTestServer({ formRateLimit: 100 });
    expect((await post(choice({ services: ['matomo'] }))).json()).toMatchObject({
      fields: { services: 'invalidServices' },
    });
    expect((await post(choice({ services: [] }))).statusCode).toBe(200);
  });

  it('refuses other fields, as the forms do', async () => {
    const answer = await post({ ...choice(), email: 'ama@example.com' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, error: 'unknown_fields' });
  });

  it('takes JSON only: a form post or plain text is 415, broken JSON 400, more than 16 KiB 413, each in the JSON shape', async () => {
    const form = await post(
      'id=x&version=2',
      { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
      'application/x-www-form-urlencoded',
    );
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ success: false, error: 'unsupported_media_type' });
    expect((await post(JSON.stringify(choice()), {}, 'text/plain')).statusCode).toBe(415);
    const broken = await post('{"id":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ success: false, error: 'invalid_json' });
    const large = await post({ ...choice(), services: Array.from({ length: 3000 }, () => 'matomo') });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ success: false, error: 'payload_too_large' });
    expect(await records()).toEqual([]);
  });

  it('refuses cross-site posts and answers 503 while the database is down', async () => {
    expect((await post(choice(), { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post(choice(), { origin: 'https://evil.example' })).json()).toEqual({
      success: false,
      error: 'forbidden',
    });
    await server.database.handle.db.schema.dropTable('consent_records').execute();
    const answer = await post(choice());
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ success: false, error: 'unavailable' });
  });
});

describe('the rate limit on POST /api/consent', () => {
  it('is the forms’: the (N+1)th post from one address in 10 minutes is 429 with Retry-After', async () => {
    await server.close();
    server = await startTestServer({ formRateLimit: 2, analytics });
    expect((await post(choice())).statusCode).toBe(200);
    expect((await post(choice())).statusCode).toBe(200);
    const refused = await post(choice());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await records()).toHaveLength(2);
  });
});
