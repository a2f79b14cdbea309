import type { FastifyBaseLogger } from 'fastify';
import { newsletterTrackingOf } from '../common/services';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { mailHandlers } from './mail/outbox';
import type { Mailer } from './mail/send-email';
import { createNewsletterProvider } from './newsletter/providers';
import { signUpTask, signUpTaskKind } from './newsletter/subscriptions';
import { newsletterSyncHandler, onceLogger, syncRequestTimeoutMs } from './newsletter/sync-handler';
import type { AddressHasher } from './privacy/address-hash';
import { jobsFeedHandler } from './jobs/refresh-feed';
import { alertIntervalMs, roundTask } from './jobs/alerts/rounds';
import { alertPacing, jobAlertHandler } from './jobs/alerts/sending';
import { AlertMails } from './jobs/alerts/alert-mail';
import { jobAlertsSignUpKind, jobAlertsSignUpTask } from './jobs/alerts/subscriptions';
import { describeError } from './describe-error';
import { QueueWorker } from './queue/queue-worker';

export interface Workers {
  /** Mails, and the sign-up requests that queue one. */
  outbox: QueueWorker;
  /** Hand-overs to the e-mail marketing provider; null without NEWSLETTER_PROVIDER. */
  newsletterSync: QueueWorker | null;
  /** The reads of the Personio feed (one recurring job, one instance at a time); null without JOBS_FEED_URL. */
  jobsFeed: QueueWorker | null;
  /** The job alerts, at JOB_ALERTS_PER_MINUTE shared by all instances: contact and confirmation mails never wait behind a round. */
  jobAlerts: QueueWorker;
}

export interface WorkerContext {
  config: ServerConfig;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  mailer: Mailer;
  hash: AddressHasher;
  clock?: () => number;
}

/** The queue's workers, as every instance runs them and the operator's resend commands use them. */
export function createWorkers({ config, database, log, mailer, hash, clock }: WorkerContext): Workers {
  const common = { db: database.db, dialect: database.kind, log, now: clock, timings: config.queueTimings };
  const outbox = new QueueWorker({
    ...common,
    name: 'outbox',
    handlers: {
      ...mailHandlers(mailer),
      [signUpTaskKind]: signUpTask({
        siteUrl: config.siteUrl,
        mailFrom: config.mailFrom,
        hash,
        tracking: newsletterTrackingOf(config.newsletterProvider?.name ?? null, config.newsletterProvider?.tracking),
      }),
      [jobAlertsSignUpKind]: jobAlertsSignUpTask({ siteUrl: config.siteUrl, mailFrom: config.mailFrom, hash }),
      'job-alerts-round': roundTask({
        siteUrl: config.siteUrl,
        perMinute: config.jobAlertsPerMinute,
        now: clock,
      }),
    },
    givenUpHint: 'westbridge mail:given-up lists it',
  });
  const jobsFeed = config.jobsFeed
    ? new QueueWorker({
        ...common,
        name: 'jobs feed',
        handlers: {
          'jobs-feed-refresh': jobsFeedHandler({
            db: database.db,
            feedUrl: config.jobsFeed.url,
            refreshMs: config.jobsFeed.refreshMs,
            log,
            now: clock,
          }),
        },
        batchSize: 1,
      })
    : null;
  const alertInterval = alertIntervalMs(config.jobAlertsPerMinute);
  const jobAlerts = new QueueWorker({
    ...common,
    name: 'job alerts',
    handlers: {
      'job-alert': jobAlertHandler({
        db: database.db,
        mailer,
        mails: new AlertMails({ db: database.db, siteUrl: config.siteUrl, mailFrom: config.mailFrom }),
        now: clock,
        warn: (message, error) => log.warn({ err: describeError(error) }, message),
      }),
    },
    pacing: alertPacing(database.db, alertInterval),
    pollIntervalMs: Math.min(1_000, alertInterval),
    givenUpHint: 'refused for good; westbridge job-alerts:ended lists the subscribers it ended',
  });
  const settings = config.newsletterProvider;
  if (!settings) return { outbox, newsletterSync: null, jobsFeed, jobAlerts };
  const sayOnce = onceLogger(log, settings.key);
  const provider = createNewsletterProvider(settings, { timeoutMs: syncRequestTimeoutMs, warnOnce: sayOnce });
  const handler = newsletterSyncHandler({ provider, key: settings.key, sayOnce });
  const newsletterSync = new QueueWorker({
    ...common,
    name: 'newsletter sync',
    handlers: { 'newsletter-subscribe': handler, 'newsletter-unsubscribe': handler },
    restAfterFailure: true,
    givenUpHint: 'westbridge newsletter:dead-syncs lists it',
  });
  return { outbox, newsletterSync, jobsFeed, jobAlerts };
}
