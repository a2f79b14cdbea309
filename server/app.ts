import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { configuredServices } from '../common/services';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { precompressedFiles } from './http/content-encoding';
import { registerErrorHandler } from './http/error-handler';
import { registerFormGuard } from './http/form-guard';
import { HttpError } from './http/http-error';
import { databaseRateLimitStore, memoryRateLimitStore } from './http/rate-limit-store';
import { registerFormUrlencodedParser } from './http/form-urlencoded';
import {
  analyticsSources,
  clientErrorHandler,
  frameworkErrorHandler,
  registerHostCheck,
  registerSecurityHeaders,
  svgContentSecurityPolicy,
  type AnalyticsSources,
} from './http/security-headers';
import { registerStrictJsonParser } from './http/strict-json';
import { RequestLog, requestLogSerializers } from './http/request-log';
import { createMailer, type Mailer } from './mail/send-email';
import { scheduleMaintenance } from './background/maintenance';
import { createWorkers } from './workers';
import { securityTxtRoutes } from './http/security-txt';
import { createMetrics, type SiteMetrics } from './metrics/metrics';
import { registerTlsCertificateGauge } from './metrics/tls-certificate';
import { metricsRoutes } from './metrics/metrics-routes';
import type { QueueWorker } from './queue/queue-worker';
import { PageStore } from './documents/page-store';
import { pageSettingsOf } from './pages/site-settings';
import { addressHasher, type AddressHasher } from './privacy/address-hash';
import { addressHashKeyName, siteSecret } from './privacy/site-secret';
import { sendPage } from './pages/send-page';
import { distDir as defaultDistDir } from './paths';
import { consentRoutes } from './consent/consent-routes';
import { contactRoutes } from './contact/contact-routes';
import { healthRoutes } from './http/health-routes';
import { newsletterRoutes } from './newsletter/newsletter-routes';
import { pageRoutes } from './pages/page-routes';
import { jobsFeedGauges } from './jobs/feed-metrics';
import { JobPages } from './jobs/job-pages';
import type { RenderJobsPage } from './jobs/render-jobs-page';
import { startJobsPageRenderer } from './jobs/render-thread';
import { jobsFeedRefreshKind } from './jobs/refresh-feed';
import { FeedSet, ServedFeed } from './jobs/served-feed';
import { jobAlertRoutes } from './jobs/alerts/alert-routes';
import { noteBuiltInJobs } from './jobs/alerts/built-in';
import { jobAlertGauges } from './jobs/alerts/alert-status';
import { ensureRecurringJob, removeRecurringJob } from './queue/queue';
import { seoRoutes } from './pages/seo-routes';
import { adminRoutes } from './admin/admin-routes';

export interface AppOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  /** The build output: client/ (assets) and pages/ (prerendered HTML). */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** False in development, where Vite serves the pages and assets. */
  serveSite?: boolean;
  /** Defaults to SMTP_URL, or .eml files under DATA_DIR/mail. */
  mailer?: Mailer;
  /** Run the outbox and the hourly clean-up (the server does; tests drive them themselves). */
  background?: boolean;
  /** The clock of the queue, the rate limit and the metrics, so tests can let retry delays and windows pass without waiting. */
  clock?: () => number;
  /** How long a client may take to send its headers and its whole request (slow clients are dropped). */
  timeouts?: { headersMs: number; requestMs: number };
  /** Renders the jobs pages of a Personio feed; defaults to the build's prerender bundle, in a worker thread. */
  renderJobsPage?: RenderJobsPage;
  /** How often an instance checks the database for a newer read of the feed (default 2 s). */
  jobsFeedPollMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The worker of mails and sign-up requests. */
    outbox: QueueWorker;
    /** Keyed with the site's secret, read once at start. */
    addressHash: AddressHasher;
    /** The worker of the hand-overs to the newsletter provider; null without NEWSLETTER_PROVIDER. */
    newsletterSync: QueueWorker | null;
    metrics: SiteMetrics;
    /** The Personio feed's jobs as this instance serves them; null without JOBS_FEED_URL. */
    jobsFeed: ServedFeed | null;
    /** The worker that reads the feed; null without JOBS_FEED_URL. */
    jobsFeedReader: QueueWorker | null;
    /** The worker of the job alerts, at JOB_ALERTS_PER_MINUTE. */
    jobAlerts: QueueWorker;
  }
}

/** TRUST_PROXY=<n>: the nearest n proxies are trusted to name the client. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole server without listening, so tests can use `inject` or `listen` themselves. */
export async function buildApp({
  config,
  database,
  distDir = defaultDistDir,
  logger = false,
  serveSite = true,
  mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail') }),
  background = false,
  clock,
  timeouts = { headersMs: 10_000, requestMs: 15_000 },
  renderJobsPage,
  jobsFeedPollMs = 2_000,
}: AppOptions): Promise<FastifyInstance> {
  const https = config.siteUrl.startsWith('https:');
  const app: FastifyInstance = Fastify({
    logger:
      logger === false ? false : { ...(typeof logger === 'object' ? logger : {}), serializers: requestLogSerializers },
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    logController: new RequestLog(),
    bodyLimit: 16 * 1024,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.requestMs,
    keepAliveTimeout: 5_000,
    http: {
      // Node checks the header and request deadlines only this often (30 s by default).
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
      // Node's own refusal has no headers and no body; registerHostCheck answers instead.
      requireHostHeader: false,
    },
    clientErrorHandler: clientErrorHandler({ https, log: () => app.log }),
    frameworkErrors: frameworkErrorHandler({ https }),
    // Fastify's own 503 while closing skips the hooks; the onRequest hook below answers instead.
    return503OnClosing: false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A trailing slash is not the page: the page routes answer it with a 301 to the one right address.
    routerOptions: { ignoreTrailingSlash: false },
  });

  app.server.headersTimeout = timeouts.headersMs;

  const analytics = analyticsSources(config.analytics);
  const pages = serveSite ? await PageStore.load(path.join(distDir, 'pages'), pageSettingsOf(config)) : null;
  registerSecurityHeaders(app, { https });
  registerErrorHandler(app, {
    formResultPage: pages
      ? (request, reply, result, lng) => sendPage(request, reply, pages.formResult(result, lng), { https, analytics })
      : undefined,
  });
  registerHostCheck(app);
  registerStrictJsonParser(app);
  registerFormUrlencodedParser(app);

  // During shutdown, requests still arriving on open connections get a 503 with `Connection: close`, so a load
  // balancer retries elsewhere; requests in flight finish before the onClose hooks stop the outbox.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new HttpError(503, 'unavailable');
  });

  // The feed's last good jobs are read before the instance answers (at the end); the reads themselves are the queue's.
  const jobsFeed = config.jobsFeed
    ? new ServedFeed({ db: database.db, feedUrl: config.jobsFeed.url, pollMs: jobsFeedPollMs, log: app.log })
    : null;
  if (config.jobsFeed) {
    await ensureRecurringJob(database.db, jobsFeedRefreshKind, {
      now: clock?.(),
      dueWithinMs: config.jobsFeed.refreshMs,
    });
  } else {
    await removeRecurringJob(database.db, jobsFeedRefreshKind);
  }
  app.decorate('jobsFeed', jobsFeed);

  const metrics = createMetrics({ db: database.db, now: clock });
  if (config.tlsCertificateFile) registerTlsCertificateGauge(metrics.registry, config.tlsCertificateFile);
  if (config.jobsFeed) jobsFeedGauges(metrics.registry, { db: database.db, feedUrl: config.jobsFeed.url, now: clock });
  jobAlertGauges(metrics.registry, { db: database.db, now: clock });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply));

  const addressHash = addressHasher(await siteSecret(database.db, addressHashKeyName));
  app.decorate('addressHash', addressHash);
  const {
    outbox,
    newsletterSync,
    jobsFeed: jobsFeedReader,
    jobAlerts,
  } = createWorkers({
    config,
    database,
    log: app.log,
    mailer,
    hash: addressHash,
    clock,
  });
  app.decorate('outbox', outbox);
  app.decorate('newsletterSync', newsletterSync);
  app.decorate('jobsFeedReader', jobsFeedReader);
  app.decorate('jobAlerts', jobAlerts);
  app.addHook('onClose', async () => {
    // All at once, each waiting a few seconds for what it has in hand (polling-worker.ts). A mail
    // whose answer has not come by then is cut off: past its end it is recorded as maybe delivered.
    await Promise.all([
      outbox.stop({ abandon: () => mailer.abort() }),
      jobAlerts.stop({ abandon: () => mailer.abort() }),
      newsletterSync?.stop(),
      jobsFeedReader?.stop(),
    ]);
    mailer.close();
  });
  if (jobsFeed) {
    app.addHook('onReady', async () => jobsFeed.start());
    app.addHook('onClose', async () => jobsFeed.stop());
  }
  if (background) {
    let stopMaintenance = () => {};
    app.addHook('onReady', async () => {
      outbox.start();
      newsletterSync?.start();
      jobsFeedReader?.start();
      jobAlerts.start();
      stopMaintenance = scheduleMaintenance(database.db, app.log, { mailDir: path.join(config.dataDir, 'mail') });
    });
    app.addHook('onClose', async () => stopMaintenance());
  }

  await app.register(healthRoutes, { db: database.db });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken, behindProxy: config.trustProxy !== false });
  // On PostgreSQL several instances may share the database, so they share the counters there too;
  // SQLite has one process, which counts in memory and spares each submission a second disk sync.
  // Either way the counters hold a keyed hash of endpoint and address, never the address.
  const store =
    database.kind === 'postgres'
      ? databaseRateLimitStore(database.db, addressHash, clock)
      : memoryRateLimitStore(addressHash, clock);
  const guard = await registerFormGuard(app, { ...config, store });
  await app.register(contactRoutes, { config, db: database.db, outbox, guard });
  await app.register(newsletterRoutes, { db: database.db, newsletterSync, guard });
  await app.register(jobAlertRoutes, {
    db: database.db,
    guard,
    department: () => (written) => (jobsFeed ? jobsFeed.current : FeedSet.loading).department(written),
  });
  await app.register(consentRoutes, {
    db: database.db,
    guard,
    services: configuredServices(config.analytics?.provider ?? null).map((service) => service.id),
    now: clock,
  });
  if (pages) {
    await app.register(securityTxtRoutes, {
      clientDir: path.join(distDir, 'client'),
      now: clock ?? Date.now,
      onExpires: (expires) => metrics.securityTxtExpiresAt(expires),
      warn: (message) => app.log.warn(message),
    });
    let jobPages: JobPages | null = null;
    if (jobsFeed) {
      const renderer = renderJobsPage
        ? { render: renderJobsPage, close: () => Promise.resolve() }
        : await startJobsPageRenderer(distDir);
      app.addHook('onClose', async () => renderer.close());
      const pagesOfFeed = new JobPages({ served: jobsFeed, render: renderer.render, settings: pageSettingsOf(config) });
      jobsFeed.beforeServing((set) => pagesOfFeed.prepare(set));
      jobPages = pagesOfFeed;
    }
    await registerSite(app, { config, distDir, pages, https, analytics, jobsFeed, jobPages });
    // Without a feed, a built-in job a release adds is announced by the first instance of it that starts.
    if (!jobsFeed)
      await noteBuiltInJobs(database.db, {
        pagesDir: path.join(distDir, 'pages'),
        now: clock?.() ?? Date.now(),
        log: app.log,
      });
  }
  await jobsFeed?.load();
  return app;
}

async function registerSite(
  app: FastifyInstance,
  {
    config,
    distDir,
    pages,
    https,
    analytics,
    jobsFeed,
    jobPages,
  }: {
    config: ServerConfig;
    distDir: string;
    pages: PageStore;
    https: boolean;
    analytics: AnalyticsSources | null;
    jobsFeed: ServedFeed | null;
    jobPages: JobPages | null;
  },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'client'),
    ...precompressedFiles,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
      if (filePath.endsWith('.svg')) reply.header('content-security-policy', svgContentSecurityPolicy);
    },
  });
  await app.register(adminRoutes, { adminDir: path.join(distDir, 'admin'), settings: config.cms, https });
  await app.register(seoRoutes, { siteUrl: config.siteUrl, pages, jobsFeed });
  await app.register(pageRoutes, { pages, https, analytics, jobPages });
}
