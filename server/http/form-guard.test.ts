import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  server = await startTestServer(overrides);
  return server;
}

/** A valid body for each public POST endpoint (the token ones answer 404 to an unknown token). */
const endpoints = [
  {
    url: '/send-contact.php',
    body: { name: 'Amara Mensah', email: 'amara@cocoa-coop.example', message: 'Guten Tag' },
    served: 200,
  },
  { url: '/subscribe-newsletter.php', body: { email: 'amara@cocoa-coop.example' }, served: 200 },
  { url: '/api/newsletter/confirm', body: { token: 'A'.repeat(43) }, served: 404 },
  { url: '/api/newsletter/unsubscribe', body: { token: 'A'.repeat(43) }, served: 404 },
  {
    url: '/api/consent',
    body: {
      id: '0b7e3c1a-5d2f-4e8a-9c6b-1f2a3b4c5d6e',
      version: 2,
      choices: { preferences: false, analytics: true, marketing: false },
      services: [],
      timestamp: new Date().toISOString(),
    },
    served: 200,
  },
] as const;

const post = (
  { app }: TestServer,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('cross-site posts', () => {
  const site = 'https://www.westbridge.example';

  it.each(endpoints)(
    'are refused on $url by Sec-Fetch-Site, with Origin as the fallback',
    async ({ url, body, served }) => {
      const app = await start({ formRateLimit: 100 });
      const refused: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'cross-site', origin: site },
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: 'http://www.westbridge.example' },
        { 'sec-fetch-site': 'same-site', origin: 'https://shop.westbridge.example' },
      ];
      for (const headers of refused) {
        const answer = await post(app, url, body, headers);
        expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
        expect(answer.json()).toEqual({ success: false, error: 'forbidden' });
      }
      const allowed: Record<string, string>[] = [
        {},
        { 'sec-fetch-site': 'same-origin', origin: site },
        { origin: site },
        { 'sec-fetch-site': 'none' },
      ];
      for (const headers of allowed) {
        expect((await post(app, url, body, headers)).statusCode, JSON.stringify(headers)).toBe(served);
      }
    },
  );

  it.each(endpoints)(
    'are served on $url from the origins in ALLOWED_ORIGINS too, such as the apex of a www site',
    async ({ url, body, served }) => {
      const apex = 'https://westbridge.example';
      const without = await start({ formRateLimit: 100 });
      expect((await post(without, url, body, { 'sec-fetch-site': 'same-site', origin: apex })).statusCode).toBe(403);
      await without.close();
      const app = await start({ formRateLimit: 100, allowedOrigins: [apex, 'http://localhost:5173'] });
      for (const origin of [apex, 'http://localhost:5173', site]) {
        expect((await post(app, url, body, { 'sec-fetch-site': 'same-site', origin })).statusCode, origin).toBe(served);
      }
      const refused: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'http://westbridge.example' },
        { 'sec-fetch-site': 'cross-site', origin: apex },
      ];
      for (const headers of refused) {
        expect((await post(app, url, body, headers)).statusCode, JSON.stringify(headers)).toBe(403);
      }
    },
  );

  it('are refused before the body is read, so a cross-site HTML form gets 403, not 415', async () => {
    const app = await start();
    const answer = await app.app.inject({
      method: 'POST',
      url: '/send-contact.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: 'name=a&email=b%40c.de&message=hi',
    });
    expect(answer.statusCode).toBe(403);
  });

  it('count toward the rate limit like other refused posts', async () => {
    const app = await start({ formRateLimit: 2 });
    const { body } = endpoints[0];
    expect((await post(app, '/send-contact.php', body, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post(app, '/send-contact.php', body, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post(app, '/send-contact.php', body)).statusCode).toBe(429);
  });

  it('store nothing', async () => {
    const app = await start();
    await post(app, '/send-contact.php', endpoints[0].body, { 'sec-fetch-site': 'cross-site' });
    await post(app, '/subscribe-newsletter.php', endpoints[1].body, { 'sec-fetch-site': 'cross-site' });
    const db = app.database.handle.db;
    expect(await db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(0);
    expect(await db.selectFrom('newsletter_subscribers').selectAll().execute()).toHaveLength(0);
    expect(await db.selectFrom('outbox').selectAll().execute()).toHaveLength(0);
  });
});

describe('other methods on the POST routes', () => {
  it.each(endpoints.map(({ url }) => url))('answer 405 with Allow: POST on %s', async (url) => {
    const app = await start();
    for (const method of ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'] as const) {
      const answer = await app.app.inject({ method, url });
      expect(answer.statusCode, method).toBe(405);
      expect(answer.headers.allow).toBe('POST');
      if (method !== 'HEAD') expect(answer.json()).toEqual({ success: false, error: 'method_not_allowed' });
    }
  });
});

describe('TRUST_PROXY decides whose address counts', () => {
  const { url, body } = endpoints[0];
  const forwardedFor = (value: string) => ({ 'x-forwarded-for': value });

  it('unset: the connecting address counts and X-Forwarded-For is ignored', async () => {
    const app = await start({ formRateLimit: 1, trustProxy: false });
    expect((await post(app, url, body, forwardedFor('203.0.113.1'), '192.0.2.10')).statusCode).toBe(200);
    expect((await post(app, url, body, forwardedFor('203.0.113.2'), '192.0.2.10')).statusCode).toBe(429);
    expect((await post(app, url, body, forwardedFor('203.0.113.1'), '192.0.2.11')).statusCode).toBe(200);
  });

  it('true: the client named by the proxy counts', async () => {
    const app = await start({ formRateLimit: 1, trustProxy: true });
    expect((await post(app, url, body, forwardedFor('203.0.113.1'), '192.0.2.10')).statusCode).toBe(200);
    expect((await post(app, url, body, forwardedFor('203.0.113.2'), '192.0.2.10')).statusCode).toBe(200);
    expect((await post(app, url, body, forwardedFor('203.0.113.1'), '192.0.2.10')).statusCode).toBe(429);
  });

  it('a hop count: only the address our proxy appended counts, not one the client made up', async () => {
    const app = await start({ formRateLimit: 1, trustProxy: 1 });
    expect((await post(app, url, body, forwardedFor('198.51.100.1, 203.0.113.1'), '192.0.2.10')).statusCode).toBe(200);
    expect((await post(app, url, body, forwardedFor('198.51.100.2, 203.0.113.1'), '192.0.2.10')).statusCode).toBe(429);
    expect((await post(app, url, body, forwardedFor('198.51.100.1, 203.0.113.2'), '192.0.2.10')).statusCode).toBe(200);
  });

  it('a list of proxies: X-Forwarded-For counts only when a listed proxy connects', async () => {
    const app = await start({ formRateLimit: 1, trustProxy: ['192.0.2.10'] });
    expect((await post(app, url, body, forwardedFor('203.0.113.1'), '192.0.2.10')).statusCode).toBe(200);
    expect((await post(app, url, body, forwardedFor('203.0.113.2'), '192.0.2.10')).statusCode).toBe(200);
    expect((await post(app, url, body, forwardedFor('203.0.113.3'), '192.0.2.99')).statusCode).toBe(200);
    expect((await post(app, url, body, forwardedFor('203.0.113.4'), '192.0.2.99')).statusCode).toBe(429);
  });
});
