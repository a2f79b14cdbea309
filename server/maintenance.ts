import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/database';
import { purgeUnconfirmed } from './newsletter/subscriptions';

/** How long the site keeps what it stores (the privacy policy states the same). */
export const retention = {
  contactMessagesMs: 180 * 24 * 3600_000,
  finishedMailsMs: 180 * 24 * 3600_000,
  finishedNewsletterSyncsMs: 180 * 24 * 3600_000,
};

export interface MaintenanceResult {
  contactMessages: number;
  mails: number;
  unconfirmedSubscribers: number;
  rateLimits: number;
  newsletterSyncs: number;
}

/** Deletes what has outlived its purpose. Safe to run on several instances at once. */
export async function runMaintenance(db: Database, now = Date.now()): Promise<MaintenanceResult> {
  const contact = await db.deleteFrom('contact_messages').where('received_at', '<', now - retention.contactMessagesMs).executeTakeFirst();
  const mails = await db
    .deleteFrom('outbox')
    .where('status', 'in', ['sent', 'dead'])
    .where('created_at', '<', now - retention.finishedMailsMs)
    .executeTakeFirst();
  const rateLimits = await db.deleteFrom('rate_limits').where('expires_at', '<=', now).executeTakeFirst();
  const syncs = await db
    .deleteFrom('newsletter_sync_jobs')
    .where('status', 'in', ['done', 'dead'])
    .where('finished_at', '<', now - retention.finishedNewsletterSyncsMs)
    .executeTakeFirst();
  return {
    contactMessages: Number(contact.numDeletedRows),
    mails: Number(mails.numDeletedRows),
    unconfirmedSubscribers: await purgeUnconfirmed(db, now),
    rateLimits: Number(rateLimits.numDeletedRows),
    newsletterSyncs: Number(syncs.numDeletedRows),
  };
}

/** Runs maintenance at start and then every hour; returns a function that stops it. */
export function scheduleMaintenance(db: Database, log: FastifyBaseLogger, intervalMs = 3600_000): () => void {
  const run = () =>
    runMaintenance(db)
      .then((result) => {
        if (result.contactMessages + result.mails + result.unconfirmedSubscribers + result.newsletterSyncs > 0) log.info(result, 'maintenance: expired records deleted');
      })
      .catch(() => log.warn('maintenance: database unavailable, will retry'));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
