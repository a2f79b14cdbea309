import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import type { ServerConfig } from '../config';
import { createMailer, type SmtpTimeouts } from '../mail/send-email';
import { createDistFixture, type DistFixture } from './dist-fixture';
import { SmtpSink } from './smtp-sink';
import { testConfig } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestServer {
  app: FastifyInstance;
  smtp: SmtpSink;
  database: TestDatabase;
  /** The small build output the server serves. */
  dist: DistFixture;
  /** Another app on the same database and build, with other settings (closed by the caller). */
  another(
    overrides?: Partial<ServerConfig>,
    options?: Omit<AppOptions, 'config' | 'database' | 'distDir'>,
  ): Promise<FastifyInstance>;
  /** POSTs `payload` as JSON, as the site's own scripts do. */
  postJson(url: string, payload: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Moves the outbox's clock forward, e.g. past a retry delay. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * The whole server for API tests: a fresh database (SQLite, or PostgreSQL with
 * TEST_DATABASE=postgres), a real SMTP server, the outbox driven by the test.
 */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  {
    logger,
    timeouts,
    renderJobsPage,
    jobsFeedPollMs,
    smtpTimeouts,
  }: Pick<AppOptions, 'timeouts' | 'renderJobsPage' | 'jobsFeedPollMs'> & {
    logger?: FastifyServerOptions['logger'];
    /** How long the outbox waits for the SMTP server (smtpTimeouts in production). */
    smtpTimeouts?: SmtpTimeouts;
  } = {},
): Promise<TestServer> {
  const smtp = new SmtpSink();
  await smtp.start();
  const database = await createTestDatabase();
  const dist: DistFixture = createDistFixture();
  let offset = 0;
  const config = testConfig({ smtpUrl: smtp.url, contactTo: 'inbox@westbridge.example', ...overrides });
  const app = await buildApp({
    config,
    database: database.handle,
    distDir: dist.dir,
    mailer: createMailer({ smtpUrl: smtp.url, mailDir: '/nonexistent', timeouts: smtpTimeouts }),
    clock: () => Date.now() + offset,
    logger,
    timeouts,
    renderJobsPage,
    jobsFeedPollMs,
  });
  await app.ready();
  return {
    app,
    smtp,
    database,
    dist,
    another: (anotherOverrides = {}, options = {}) =>
      buildApp({ config: testConfig(anotherOverrides), database: database.handle, distDir: dist.dir, ...options }),
    postJson: (url, payload, headers = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(payload),
      }),
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await app.close();
      await smtp.stop();
      await database.destroy();
      dist.remove();
    },
  };
}
