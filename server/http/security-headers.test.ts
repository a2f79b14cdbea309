import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { sendRequest, type HttpAnswer, type HttpRequest } from '../test/http-client';
import { gradeWithObservatory } from '../test/observatory';
import { testConfig } from '../test/test-config';
import { createTestDatabase } from '../test/test-database';
import { startTestServer, type TestServer } from '../test/test-server';

/** The hash of the fixture pages' one inline script, `boot()`. */
const bootHash = `sha256-${createHash('sha256').update('boot()').digest('base64')}`;

const policy = (scripts: string) =>
  `default-src 'none'; script-src ${scripts}; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; ` +
  "manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'";

/** Every answer's security headers over https (SITE_URL https://…). */
const secure = (csp: string) => ({
  'content-security-policy': `${csp}; upgrade-insecure-requests`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
});
const pageHeaders = secure(policy(`'self' '${bootHash}'`));
const otherHeaders = secure(policy("'self'"));

/** Headers every answer over a socket has besides the security headers. */
const transport = ['date', 'connection', 'keep-alive', 'content-length', 'content-type'];
const pageMeta = ['content-language', 'vary', 'cache-control', 'etag'];
const rateLimit = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

let server: TestServer;
let baseUrl: string;

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true, formRateLimit: 2 });
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(() => server.close());

let client = 0;
/** Each form post comes from its own address (TRUST_PROXY is on), so only the 429 case meets the limit. */
const post = (path: string, body: string, headers: Record<string, string> = {}) => {
  client += 1;
  return send({
    method: 'POST',
    path,
    body,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${client}`, ...headers },
  });
};
const send = (request: HttpRequest) => sendRequest(baseUrl, request);
const contact = JSON.stringify({ name: 'Amara Mensah', email: 'amara@cocoa-coop.example', message: 'Guten Tag' });

const names = (answer: HttpAnswer) => Object.keys(answer.headers).sort();
const expectHeaders = (answer: HttpAnswer, security: Record<string, string>, others: string[]) => {
  for (const [name, value] of Object.entries(security)) expect(answer.headers[name], name).toBe(value);
  expect(names(answer)).toEqual([...Object.keys(security), ...others].sort());
};
const expectJsonError = (answer: HttpAnswer, error: string) => {
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(answer.body)).toEqual({ success: false, error });
};

describe('security headers on every kind of answer', () => {
  it('HTML page: the page policy with its inline script hash', async () => {
    const answer = await send({ path: '/about' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expectHeaders(answer, pageHeaders, [...transport, ...pageMeta]);
  });

  it('page not found: the 404 page, with its policy', async () => {
    const answer = await send({ path: '/no/such/page' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expectHeaders(answer, pageHeaders, [...transport, ...pageMeta]);
  });

  it('hashed asset', async () => {
    const answer = await send({ path: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'br' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expectHeaders(answer, otherHeaders, [
      ...transport,
      'cache-control',
      'vary',
      'etag',
      'last-modified',
      'accept-ranges',
      'content-encoding',
    ]);
  });

  it('an SVG: a policy of its own that lets it draw and nothing more, whatever the build let into it', async () => {
    const answer = await send({ path: '/favicon.svg' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expectHeaders(
      answer,
      {
        ...otherHeaders,
        'content-security-policy':
          "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox",
      },
      [...transport, 'cache-control', 'vary', 'etag', 'last-modified', 'accept-ranges'],
    );
  });

  it('a real favicon.ico', async () => {
    const answer = await send({ path: '/favicon.ico' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expectHeaders(answer, otherHeaders, [
      ...transport,
      'cache-control',
      'vary',
      'etag',
      'last-modified',
      'accept-ranges',
    ]);
  });

  it('API JSON success', async () => {
    const answer = await post('/send-contact.php', contact);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ success: true });
    expect(answer.headers['cache-control']).toBe('no-store');
    expectHeaders(answer, otherHeaders, [...transport, ...rateLimit, 'cache-control']);
    const health = await send({ path: '/healthz' });
    expect(health.status).toBe(200);
    expectHeaders(health, otherHeaders, [...transport, 'cache-control']);
  });

  it('API not found: JSON 404', async () => {
    const answer = await send({ path: '/api/nothing' });
    expect(answer.status).toBe(404);
    expectJsonError(answer, 'not_found');
    expectHeaders(answer, otherHeaders, [...transport, 'cache-control']);
  });

  it('400 invalid input', async () => {
    const answer = await post('/subscribe-newsletter.php', JSON.stringify({ email: 'no-address' }));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: 'invalid_input',
      fields: { email: 'invalidEmail' },
    });
    expect(answer.headers['cache-control']).toBe('no-store');
    expectHeaders(answer, otherHeaders, [...transport, ...rateLimit, 'cache-control']);
  });

  it('403 cross-site', async () => {
    const answer = await post('/send-contact.php', contact, { 'sec-fetch-site': 'cross-site' });
    expect(answer.status).toBe(403);
    expectJsonError(answer, 'forbidden');
    expectHeaders(answer, otherHeaders, [...transport, ...rateLimit, 'cache-control']);
  });

  it('405 wrong method', async () => {
    const answer = await send({ path: '/send-contact.php' });
    expect(answer.status).toBe(405);
    expectJsonError(answer, 'method_not_allowed');
    expectHeaders(answer, otherHeaders, [...transport, 'allow', 'cache-control']);
  });

  it('413 too large', async () => {
    const answer = await post('/send-contact.php', JSON.stringify({ message: 'x'.repeat(17 * 1024) }));
    expect(answer.status).toBe(413);
    expectJsonError(answer, 'payload_too_large');
    expectHeaders(
      answer,
      otherHeaders,
      transport.filter((name) => name !== 'keep-alive').concat(rateLimit, 'cache-control'),
    );
  });

  it('415 not JSON', async () => {
    const answer = await post('/send-contact.php', 'name=a', { 'content-type': 'text/plain' });
    expect(answer.status).toBe(415);
    expectJsonError(answer, 'unsupported_media_type');
    expectHeaders(answer, otherHeaders, [...transport, ...rateLimit, 'cache-control']);
  });

  it('429 rate limited, with Retry-After', async () => {
    const from = { 'x-forwarded-for': '203.0.113.200' };
    await post('/send-contact.php', contact, from);
    await post('/send-contact.php', contact, from);
    const answer = await post('/send-contact.php', contact, from);
    expect(answer.status).toBe(429);
    expectJsonError(answer, 'rate_limited');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expectHeaders(answer, otherHeaders, [...transport, ...rateLimit, 'retry-after', 'cache-control']);
  });

  it('503 while the database is down', async () => {
    const down = await createTestDatabase();
    const broken = await buildApp({ config: testConfig(), database: down.handle, distDir: server.dist.dir });
    const url = await broken.listen({ host: '127.0.0.1', port: 0 });
    try {
      await down.handle.close();
      const answer = await sendRequest(url, {
        method: 'POST',
        path: '/send-contact.php',
        headers: { 'content-type': 'application/json' },
        body: contact,
      });
      expect(answer.status).toBe(503);
      expectJsonError(answer, 'unavailable');
      // On PostgreSQL the limit is counted in the database too, so there is no count to report.
      expectHeaders(answer, otherHeaders, [
        ...transport,
        'cache-control',
        ...(down.handle.kind === 'sqlite' ? rateLimit : []),
      ]);
      const health = await sendRequest(url, { path: '/healthz' });
      expect(health.status).toBe(503);
      expectHeaders(health, otherHeaders, [...transport, 'cache-control']);
    } finally {
      await broken.close();
      await down.destroy().catch(() => {});
    }
  });
});

/** Splits raw HTTP/1.1 answers read from one socket (bodies have a Content-Length). */
function parseAnswers(raw: string): HttpAnswer[] {
  const answers: HttpAnswer[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

/** Writes `text` on a new connection and reads what comes back until the server closes it (or 1 s passes). */
async function rawExchange(text: string): Promise<HttpAnswer[]> {
  const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1');
  let raw = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (raw += chunk));
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.write(text);
  const timer = setTimeout(() => socket.end(), 1_000);
  await closed;
  clearTimeout(timer);
  return parseAnswers(raw);
}

describe("refusals the routes never see, in the site's shape", () => {
  const refusal = [...transport, 'cache-control'];

  it.each([
    ['GET', '/%c0'],
    ['GET', '/%zz'],
    ['POST', '/send-contact.php%'],
    ['GET', '/about%ff?lng=en'],
  ])('%s %s: a URL that cannot be decoded gets 400 invalid_request and echoes nothing', async (method, path) => {
    const answer = await send({
      method,
      path,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? contact : undefined,
    });
    expect(answer.status).toBe(400);
    expectJsonError(answer, 'invalid_request');
    expect(answer.headers['cache-control']).toBe('no-store');
    expectHeaders(answer, otherHeaders, refusal);
    expect(answer.body).not.toContain('%');
  });

  it('a request without a Host header gets 400 invalid_request with the headers', async () => {
    const [answer] = await rawExchange('GET /about HTTP/1.1\r\n\r\n');
    expect(answer?.status).toBe(400);
    if (!answer) return;
    expectJsonError(answer, 'invalid_request');
    expect(answer.headers.connection).toBe('close');
    expectHeaders(
      answer,
      otherHeaders,
      refusal.filter((name) => name !== 'keep-alive'),
    );
  });

  it('an HTTP/1.0 request needs no Host header', async () => {
    const [answer] = await rawExchange('GET /healthz HTTP/1.0\r\n\r\n');
    expect(answer?.status).toBe(200);
  });

  it('a request Node cannot parse gets 400 invalid_request with the headers', async () => {
    const [answer] = await rawExchange('GET /about HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
    expect(answer?.status).toBe(400);
    if (!answer) return;
    expectJsonError(answer, 'invalid_request');
    expectHeaders(
      answer,
      otherHeaders,
      refusal.filter((name) => name !== 'date' && name !== 'keep-alive'),
    );
  });

  it('each is logged like any other refusal', async () => {
    const lines: string[] = [];
    const logged = await server.another(
      {},
      { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
    );
    const url = await logged.listen({ host: '127.0.0.1', port: 0 });
    try {
      await sendRequest(url, { path: '/%c0' });
      const exchange = async (text: string) => {
        const socket = connect(Number(new URL(url).port), '127.0.0.1');
        const closed = new Promise((resolve) => socket.on('close', resolve));
        socket.resume();
        socket.end(text);
        await closed;
      };
      await exchange('GET /about HTTP/1.1\r\n\r\n');
      await exchange('GET /about HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
      const entries = lines.map(
        (line) => JSON.parse(line) as { msg: string; req?: { path?: string }; status?: number },
      );
      expect(
        entries.filter((entry) => entry.msg === 'request').map((entry) => [entry.req?.path, entry.status]),
      ).toEqual([
        ['/%c0', 400],
        ['/about', 400],
      ]);
      expect(
        entries.filter((entry) => entry.msg === 'request refused before routing').map((entry) => entry.status),
      ).toEqual([400]);
    } finally {
      await logged.close();
    }
  });
});

describe('during shutdown', () => {
  it('answers requests still arriving on an open connection with 503 and the same headers', async () => {
    const closingDatabase = await createTestDatabase();
    const closing = await buildApp({
      config: testConfig(),
      database: closingDatabase.handle,
      distDir: server.dist.dir,
    });
    let firstArrived = () => {};
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
    closing.addHook('onRequest', async () => firstArrived());
    await closing.listen({ host: '127.0.0.1', port: 0 });
    const { port } = closing.server.address() as { port: number };
    try {
      const socket = connect(port, '127.0.0.1');
      let raw = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (raw += chunk));
      const ended = new Promise((resolve) => socket.on('close', resolve));
      // The first request is busy (its body is still coming) when shutdown begins, so the connection stays open.
      socket.write(
        'POST /send-contact.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(contact)}\r\n\r\n${contact.slice(0, 10)}`,
      );
      await arrived;
      const closed = closing.close();
      socket.write(`${contact.slice(10)}GET /about HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      await ended;
      await closed;

      const [first, second] = parseAnswers(raw);
      expect(first?.status).toBe(200);
      expect(second?.status).toBe(503);
      if (!second) return;
      expectJsonError(second, 'unavailable');
      expect(second.headers.connection).toBe('close');
      expectHeaders(second, otherHeaders, [...transport.filter((name) => name !== 'keep-alive'), 'cache-control']);
    } finally {
      await closing.close();
      await closingDatabase.destroy();
    }
  });
});

describe('over plain http (SITE_URL http://…)', () => {
  it('sends the same headers without HSTS or upgrade-insecure-requests', async () => {
    const plain = await server.another({ siteUrl: 'http://localhost:8080' });
    try {
      for (const url of ['/about', '/healthz', '/assets/app-Ab12Cd34.js']) {
        const answer = await plain.inject({ method: 'GET', url });
        const csp = url === '/about' ? policy(`'self' '${bootHash}'`) : policy("'self'");
        const { 'strict-transport-security': _hsts, ...expected } = { ...secure(csp), 'content-security-policy': csp };
        for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], name).toBe(value);
        expect(answer.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await plain.close();
    }
  });
});

describe('MDN HTTP Observatory grade', () => {
  const preflight = () =>
    send({
      method: 'OPTIONS',
      path: '/',
      headers: { origin: 'https://http-observatory.security.mozilla.org', 'access-control-request-method': 'GET' },
    });

  it.each(['/about', '/assets/app-Ab12Cd34.js', '/healthz'])(
    'is A+ with at least 130 over https for %s',
    async (path) => {
      const grade = await gradeWithObservatory({
        url: `https://www.westbridge.example${path}`,
        page: await send({ path }),
        preflight: await preflight(),
      });
      console.log(`Observatory over https, ${path}: ${grade.grade} ${grade.score}`);
      expect(Object.entries(grade.results).filter(([, test]) => !test.pass)).toEqual([]);
      expect(grade.grade).toBe('A+');
      expect(grade.score).toBeGreaterThanOrEqual(130);
    },
  );

  it('loses points over plain http only for HSTS and the redirect to https', async () => {
    const plain = await server.another({ siteUrl: 'http://localhost:8080' });
    try {
      const page = await plain.inject({ method: 'GET', url: '/about' });
      const options = await plain.inject({
        method: 'OPTIONS',
        url: '/',
        headers: { origin: 'https://http-observatory.security.mozilla.org', 'access-control-request-method': 'GET' },
      });
      const grade = await gradeWithObservatory({
        url: 'http://localhost:8080/about',
        page: { status: page.statusCode, headers: page.headers, body: page.body },
        preflight: { status: options.statusCode, headers: options.headers, body: options.body },
      });
      console.log(`Observatory over http: ${grade.grade} ${grade.score}`);
      const failed = Object.entries(grade.results)
        .filter(([, test]) => !test.pass)
        .map(([name]) => name);
      expect(failed.sort()).toEqual(['redirectionTest', 'strictTransportSecurityTest']);
      const lost = Object.entries(grade.results)
        .filter(([, test]) => test.modifier < 0)
        .map(([name]) => name);
      expect(lost.sort()).toEqual(['redirectionTest', 'strictTransportSecurityTest']);
    } finally {
      await plain.close();
    }
  });
});
