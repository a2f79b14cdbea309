import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { ConfigError, loadConfig } from './config';
import { CommandDatabaseError, openInstancesDatabase, type CommandIo } from './db/command-database';
import type { DatabaseHandle } from './db/database';
import { formatGivenUpMail, formatGivenUpMails, givenUpMails } from './mail/given-up';
import { createMailer } from './mail/send-email';
import { newsletterProviderRules } from './newsletter/providers';
import { deadSyncs, formatDeadSyncs } from './newsletter/sync-jobs';
import { addressHasher } from './privacy/address-hash';
import { addressHashKeyName, siteSecret } from './privacy/site-secret';
import { formatFeedStatus, readFeedStatus } from './jobs/feed-status';
import { describeFeedUrl } from './jobs/fetch-feed';
import {
  endedSubscribers,
  formatAlertStatus,
  formatEndedSubscribers,
  readAlertStatus,
} from './jobs/alerts/alert-status';
import { givenUpJobs } from './queue/queue';
import type { QueueWorker } from './queue/queue-worker';
import { createWorkers } from './workers';

/** Exit codes: 0 done; 1 something was not done (refused, failed, database unreachable); 2 wrong use. */
const usage: Record<string, string> = {
  'mail:given-up': 'westbridge mail:given-up [-- --addresses] [-- --show <id>]',
  'mail:resend': 'westbridge mail:resend -- <id> [<id>…] | --all',
  'newsletter:dead-syncs': 'westbridge newsletter:dead-syncs',
  'newsletter:resend-syncs': 'westbridge newsletter:resend-syncs -- <id> [<id>…] | --all',
  'jobs:status': 'westbridge jobs:status',
  'job-alerts:ended': 'westbridge job-alerts:ended [-- --addresses]',
};

/** The commands run as `westbridge <command>` in production (docs/operations.md, "Production install"), with npm in a checkout. */
const inCheckout = ' (in a checkout: npm run … instead of westbridge …)';

class UsageError extends Error {}

/**
 * The operator's commands on the queue, against the database the server uses
 * (DATABASE_URL, or SQLite in DATA_DIR; never a new one), safe while instances run:
 * a resend claims the job as a worker would, so it is sent once however many run.
 */
export async function runOperatorCommand(command: string, args: string[], io: CommandIo): Promise<number> {
  if (!Object.hasOwn(usage, command)) {
    io.err(`Unknown command "${command}". Commands: ${Object.keys(usage).join(', ')}.\n`);
    return 2;
  }
  let database: DatabaseHandle | null = null;
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: command.endsWith(':resend') || command.endsWith(':resend-syncs'),
      options: {
        all: { type: 'boolean', default: false },
        addresses: { type: 'boolean', default: false },
        show: { type: 'string' },
      },
    });
    const config = loadConfig(io.env, () => {}, { newsletterProviders: newsletterProviderRules });
    database = await openInstancesDatabase(config, io.err);
    const { db } = database;

    if (command === 'mail:given-up') {
      const mails = await givenUpMails(db);
      if (values.show !== undefined) {
        const mail = mails.find((candidate) => candidate.id === values.show);
        if (!mail) {
          io.err(`No given-up mail with the id "${values.show}".\n`);
          return 1;
        }
        io.out(formatGivenUpMail(mail));
        return 0;
      }
      io.out(formatGivenUpMails(mails, { addresses: values.addresses }));
      const maybe = mails.filter((mail) => mail.state === 'maybe-delivered').length;
      const given = mails.length - maybe;
      if (mails.length === 0) io.err('No given-up mails.\n');
      if (given > 0)
        io.err(
          `${given} given up. Read one with --show <id>; once the mail server takes them, send them again with: westbridge mail:resend -- <id> (or --all)${inCheckout}.\n`,
        );
      if (maybe > 0)
        io.err(
          `${maybe} maybe delivered: the mail server had the whole mail and did not answer. Ask the recipient before resending one by its id (--all leaves these out).\n`,
        );
      return 0;
    }
    if (command === 'job-alerts:ended') {
      const ended = await endedSubscribers(db);
      io.out(formatEndedSubscribers(ended, { addresses: values.addresses }));
      io.err(
        ended.length === 0
          ? 'No job alerts ended.\n'
          : `${ended.length} job alerts subscriber${ended.length === 1 ? '' : 's'} ended: their mail servers refused three alerts in a row. They get no more alerts; a new sign-up starts afresh.\n`,
      );
      return 0;
    }
    if (command === 'jobs:status') {
      const alerts = formatAlertStatus(await readAlertStatus(db));
      if (!config.jobsFeed) {
        io.out(alerts);
        io.err('JOBS_FEED_URL is not set: the site shows its built-in jobs.\n');
        return 0;
      }
      const status = await readFeedStatus(db);
      io.out(formatFeedStatus(status, config.jobsFeed.url));
      io.out(alerts);
      const stale = status.readAt === null || status.failingSince !== null;
      if (status.feed !== null && status.feed !== describeFeedUrl(config.jobsFeed.url)) {
        io.err(
          'The database holds the reads of another JOBS_FEED_URL: the instances read the new one at their next start.\n',
        );
      }
      return stale ? 1 : 0;
    }
    if (command === 'newsletter:dead-syncs') {
      const dead = await deadSyncs(db);
      io.out(formatDeadSyncs(dead));
      io.err(
        dead.length === 0
          ? 'No dead newsletter syncs.\n'
          : `${dead.length} dead newsletter sync${dead.length === 1 ? '' : 's'}: send them again with westbridge newsletter:resend-syncs -- <job> (or --all)${inCheckout} once the provider takes them, or make these changes in the provider by hand.\n`,
      );
      return 0;
    }

    if (values.all === positionals.length > 0) throw new UsageError('name the ids to resend, or --all');
    const log = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => io.err(line) } } }).log;
    const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail') });
    try {
      const hash = addressHasher(await siteSecret(db, addressHashKeyName));
      const workers = createWorkers({ config, database, log, mailer, hash });
      const worker = command === 'mail:resend' ? workers.outbox : workers.newsletterSync;
      if (!worker) {
        io.err('NEWSLETTER_PROVIDER is not set: give the settings the server uses, provider and key included.\n');
        return 1;
      }
      return await resend(worker, database, values.all ? null : positionals, io);
    } finally {
      mailer.close();
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usage[command]}${inCheckout}\n`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof CommandDatabaseError) io.err(`Cannot run: ${error.message}\n`);
    else io.err(`Cannot reach the database: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await database?.close().catch(() => {});
  }
}

/**
 * One new attempt per id (or per given-up job; a maybe-delivered one only by its
 * id, once the operator knows it did not arrive): a line each; 0 only if every one was sent.
 */
async function resend(
  worker: QueueWorker,
  database: DatabaseHandle,
  ids: string[] | null,
  io: CommandIo,
): Promise<number> {
  // An id named twice is one job: one attempt, however the first one ends.
  const givenUp = async () =>
    (await givenUpJobs(database.db, worker.kinds)).filter((job) => job.state === 'given-up').map((job) => job.id);
  const targets = [...new Set(ids ?? (await givenUp()))];
  if (targets.length === 0) {
    io.err('Nothing given up: nothing to send.\n');
    return 0;
  }
  let sent = 0;
  for (const id of targets) {
    const outcome = await worker.resend(id);
    if (outcome.result === 'sent') {
      sent += 1;
      io.out(`sent\t${id}\n`);
    } else if (outcome.result === 'failed') io.out(`failed\t${id}\t${outcome.reason} (still given up)\n`);
    else if (outcome.result === 'maybe-sent')
      io.out(`maybe-sent\t${id}\t${outcome.reason} (maybe delivered this time: not sent again by itself)\n`);
    else io.out(`refused\t${id}\t${outcome.reason}\n`);
  }
  io.err(`${sent} of ${targets.length} sent.\n`);
  return sent === targets.length ? 0 : 1;
}
