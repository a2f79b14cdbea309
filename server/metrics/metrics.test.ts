import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { securityTxtExpires } from '../http/security-txt';
import { queueFigures } from '../queue/figures';
import { testConfig } from '../test/test-config';
import { createTestDatabase } from '../test/test-database';
import { startTestServer, type TestServer } from '../test/test-server';
import { createMetrics } from './metrics';
import { metricsRoutes } from './metrics-routes';

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

const token = 'c0ffee-5ca1ab1e-d15ea5e-0ddba11-f00d';
const visitor = {
  name: 'Zephyrine Quastelbaum',
  email: 'zephyrine@privat-postfach.example',
  subject: 'Kakaobutter',
  message: 'Bitte um ein Angebot.',
};

type App = TestServer['app'];
const scrape = (app: App, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1', url = '/metrics') =>
  app.inject({ method: 'GET', url, headers, remoteAddress });
const postContact = (payload: object = visitor) => server.postJson('/send-contact.php', payload);
/** The lines of one metric, without its HELP and TYPE. */
const series = (text: string, name: string) =>
  text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers this machine only, and no request a proxy passed on', async () => {
    server = await startTestServer();
    const own = await scrape(server.app);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['content-security-policy']).toBeDefined();
    for (const refused of [
      await scrape(server.app, {}, '203.0.113.9'),
      await scrape(server.app, { 'x-forwarded-for': '203.0.113.9' }),
      await scrape(server.app, { forwarded: 'for=203.0.113.9' }),
      await scrape(server.app, { 'x-real-ip': '203.0.113.9' }),
    ]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ success: false, error: 'unauthorized' });
      expect(refused.body).not.toContain('westbridge_');
    }
  });
});

describe('GET /metrics without METRICS_TOKEN behind a proxy (TRUST_PROXY set)', () => {
  it.each([true, 1, ['127.0.0.1']])('answers no one, this machine included (TRUST_PROXY %s)', async (trustProxy) => {
    server = await startTestServer({ trustProxy });
    const own = await scrape(server.app);
    expect(own.statusCode).toBe(401);
    expect(own.json()).toEqual({ success: false, error: 'unauthorized' });
    expect(own.body).not.toContain('westbridge_');
  });

  it('answers the token there', async () => {
    server = await startTestServer({ trustProxy: 1, metricsToken: token });
    expect((await scrape(server.app, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers the bearer token alone, from anywhere, and never a token in the query', async () => {
    const lines: string[] = [];
    server = await startTestServer(
      { metricsToken: token },
      { logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } },
    );
    const answers = {
      none: await scrape(server.app),
      wrong: await scrape(server.app, { authorization: `Bearer ${token.slice(0, -1)}x` }),
      longer: await scrape(server.app, { authorization: `Bearer ${token}0` }),
      basic: await scrape(server.app, { authorization: `Basic ${Buffer.from(`metrics:${token}`).toString('base64')}` }),
      right: await scrape(server.app, { authorization: `Bearer ${token}` }, '198.51.100.20'),
      lowerCase: await scrape(server.app, { authorization: `bearer ${token}` }),
      inQuery: await scrape(server.app, {}, '127.0.0.1', `/metrics?token=${token}`),
      both: await scrape(
        server.app,
        { authorization: `Bearer ${token}` },
        '127.0.0.1',
        `/metrics?access_token=${token}`,
      ),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.statusCode]))).toEqual({
      none: 401,
      wrong: 401,
      longer: 401,
      basic: 401,
      right: 200,
      lowerCase: 200,
      inQuery: 400,
      both: 400,
    });
    expect(answers.none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(answers.inQuery.json()).toEqual({ success: false, error: 'invalid_request' });
    expect(answers.right.body).toContain('westbridge_queue_pending');
    expect(lines.join('')).not.toContain(token);
  });

  // The readings are cached whatever the database: a second run on PostgreSQL would add time and no coverage.
  it.skipIf(process.env.TEST_DATABASE === 'postgres')(
    'stays cheap under 10,000 requests in a row: refusals touch no database, scrapes share one reading a second',
    async () => {
      const database = await createTestDatabase();
      let reads = 0;
      const metrics = createMetrics({
        db: database.handle.db,
        readQueue: (db) => {
          reads += 1;
          return queueFigures(db);
        },
      });
      const app = Fastify();
      await app.register(metricsRoutes, { metrics, token });
      try {
        const started = performance.now();
        const statuses = new Map<number, number>();
        for (let n = 0; n < 10_000; n++) {
          const right = n % 10 === 0;
          const answer = await app.inject({
            method: 'GET',
            url: '/metrics',
            headers: { authorization: `Bearer ${right ? token : `${token}-${n}`}` },
          });
          const key = right ? answer.statusCode : -answer.statusCode;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
        const seconds = (performance.now() - started) / 1000;
        expect(Object.fromEntries(statuses)).toEqual({ '200': 1_000, '-401': 9_000 });
        expect(reads).toBeGreaterThan(0);
        expect(reads).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
      } finally {
        await app.close();
        await database.destroy();
      }
    },
  );
});

describe('what /metrics reports', () => {
  it('the queue from the database: waiting and given-up jobs by queue and kind, and the oldest one’s age', async () => {
    server = await startTestServer({ formRateLimit: 1000 });
    server.smtp.refuse = () => ({ code: 550, message: 'relay refused' });
    expect((await postContact()).statusCode).toBe(200);
    await server.app.outbox.runOnce();
    server.smtp.refuse = () => null;
    await server.smtp.stop();
    for (const _ of [1, 2]) expect((await postContact()).statusCode).toBe(200);
    server.advance(90_000);

    const text = (await scrape(server.app)).body;
    expect(series(text, 'westbridge_database_up')).toEqual(['westbridge_database_up 1']);
    expect(series(text, 'westbridge_queue_pending')).toEqual([
      'westbridge_queue_pending{queue="mail",kind="contact-notification"} 2',
      'westbridge_queue_pending{queue="mail",kind="newsletter-confirmation"} 0',
      'westbridge_queue_pending{queue="task",kind="newsletter-signup"} 0',
      'westbridge_queue_pending{queue="newsletter_sync",kind="newsletter-subscribe"} 0',
      'westbridge_queue_pending{queue="newsletter_sync",kind="newsletter-unsubscribe"} 0',
      'westbridge_queue_pending{queue="jobs_feed",kind="jobs-feed-refresh"} 0',
      'westbridge_queue_pending{queue="mail",kind="job-alert-confirmation"} 0',
      'westbridge_queue_pending{queue="task",kind="job-alerts-signup"} 0',
      'westbridge_queue_pending{queue="task",kind="job-alerts-round"} 0',
      'westbridge_queue_pending{queue="job_alerts",kind="job-alert"} 0',
    ]);
    expect(series(text, 'westbridge_queue_given_up')).toContain(
      'westbridge_queue_given_up{queue="mail",kind="contact-notification"} 1',
    );
    const ages = Object.fromEntries(
      series(text, 'westbridge_queue_oldest_pending_age_seconds').map((line) => [
        /queue="(\w+)"/.exec(line)?.[1],
        Number(line.split(' ')[1]),
      ]),
    );
    expect(ages.mail).toBeGreaterThanOrEqual(90);
    expect(ages.mail).toBeLessThan(120);
    expect(ages).toMatchObject({ task: 0, newsletter_sync: 0 });
  });

  it('the same queue on every instance of one database', async () => {
    server = await startTestServer({ formRateLimit: 1000 });
    await server.smtp.stop();
    for (const _ of [1, 2, 3]) expect((await postContact()).statusCode).toBe(200);
    await server.app.outbox.runOnce();
    const other = await server.another();
    try {
      const [a, b] = [(await scrape(server.app)).body, (await scrape(other)).body];
      for (const name of ['westbridge_queue_pending', 'westbridge_queue_given_up', 'westbridge_database_up'])
        expect(series(a, name)).toEqual(series(b, name));
      const age = (text: string) =>
        Number(/^westbridge_queue_oldest_pending_age_seconds\{queue="mail"\} (\S+)$/m.exec(text)?.[1]);
      expect(Math.abs(age(a) - age(b))).toBeLessThan(1);
      expect(series(a, 'westbridge_queue_pending')[0]).toBe(
        'westbridge_queue_pending{queue="mail",kind="contact-notification"} 3',
      );
    } finally {
      await other.close();
    }
  });

  it('requests and form answers by route template and status, never by what the visitor sent', async () => {
    server = await startTestServer({ formRateLimit: 1000 });
    await postContact();
    await postContact({ ...visitor, email: 'not an address' });
    for (const url of [
      '/about',
      '/en/zephyrine-quastelbaum-12345',
      '/assets/app-Ab12Cd34.js',
      '/favicon.svg',
      '/about?lng=en&q=secret',
    ])
      await server.app.inject({ method: 'GET', url });
    await server.app.inject({ method: 'POST', url: '/zephyrine/unknown', payload: '' });

    const text = (await scrape(server.app)).body;
    expect(series(text, 'westbridge_form_answers_total').sort()).toEqual([
      'westbridge_form_answers_total{endpoint="/send-contact.php",status="200"} 1',
      'westbridge_form_answers_total{endpoint="/send-contact.php",status="400"} 1',
    ]);
    const routes = new Set(
      series(text, 'westbridge_http_request_duration_seconds_count').map((line) =>
        /route="([^"]*)",status_code="(\d+)"/.exec(line)?.slice(1).join(' '),
      ),
    );
    expect([...routes].sort()).toEqual(
      // `?lng=` is an old address: a redirect to the page at its language's path.
      [
        '(not found) 404',
        '(static file) 200',
        '/about 200',
        '/about 301',
        '/send-contact.php 200',
        '/send-contact.php 400',
      ].sort(),
    );
    for (const secret of ['zephyrine', 'quastelbaum', '12345', 'secret', 'privat-postfach', 'Ab12Cd34'])
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('when the served security.txt expires', async () => {
    server = await startTestServer();
    const file = await server.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    const expires = securityTxtExpires(file.body);
    expect(series((await scrape(server.app)).body, 'westbridge_security_txt_expires_timestamp_seconds')).toEqual([
      `westbridge_security_txt_expires_timestamp_seconds ${(expires?.getTime() ?? 0) / 1000}`,
    ]);
  });

  it('the database down: 0, and no queue figures it could not read', async () => {
    server = await startTestServer();
    const down = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database: down.handle, distDir: server.dist.dir });
    await down.handle.close();
    try {
      const answer = await scrape(app);
      expect(answer.statusCode).toBe(200);
      expect(series(answer.body, 'westbridge_database_up')).toEqual(['westbridge_database_up 0']);
      expect(series(answer.body, 'westbridge_queue_pending')).toEqual([]);
      expect(series(answer.body, 'westbridge_queue_oldest_pending_age_seconds')).toEqual([]);
    } finally {
      await app.close();
      await down.destroy().catch(() => {});
    }
  });
});

describe('the TLS certificate’s expiry (TLS_CERTIFICATE_FILE)', () => {
  it('is read from the file at each scrape, and 0 when the file cannot be read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'certificate-'));
    const file = path.join(dir, 'fullchain.pem');
    const makeCertificate = (days: number) =>
      execFileSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
          ...['-days', String(days), '-subj', '/CN=www.westbridge.example', '-keyout', path.join(dir, 'key.pem')],
          ...['-out', file],
        ],
        { stdio: 'ignore' },
      );
    const expiry = async () => {
      const text = (await scrape(server.app, { authorization: `Bearer ${token}` })).body;
      return Number(series(text, 'westbridge_tls_certificate_expires_timestamp_seconds')[0]?.split(' ')[1]);
    };
    try {
      makeCertificate(30);
      server = await startTestServer({ metricsToken: token, tlsCertificateFile: file });
      expect(Math.abs((await expiry()) - (Date.now() / 1000 + 30 * 86_400))).toBeLessThan(120);
      // Renewed: the next scrape tells, without a restart.
      makeCertificate(90);
      expect(Math.abs((await expiry()) - (Date.now() / 1000 + 90 * 86_400))).toBeLessThan(120);
      rmSync(file);
      expect(await expiry()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is not reported without the setting', async () => {
    server = await startTestServer({ metricsToken: token });
    const text = (await scrape(server.app, { authorization: `Bearer ${token}` })).body;
    expect(text).not.toContain('westbridge_tls_certificate');
  });
});
