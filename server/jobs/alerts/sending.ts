import type { Database } from '../../db/database';
import { sendQueuedMail } from '../../mail/outbox';
import type { Mailer } from '../../mail/send-email';
import { optInLists } from '../../opt-in/lists';
import { recordSubscriberEvent } from '../../opt-in/subscriptions';
import type { JobHandler } from '../../queue/queue';
import type { Pacing } from '../../queue/queue-worker';
import { alertsStateId } from './positions';
import type { QueuedAlert } from './rounds';
import type { AlertMails } from './alert-mail';
import { dropQueuedAlerts, parseDepartments } from './subscriptions';

/** Alerts refused for good (SMTP 5xx) in a row that end a subscriber's alerts. */
export const refusalsThatEnd = 3;

/**
 * The sending rate every instance shares (JOB_ALERTS_PER_MINUTE): one turn per interval,
 * taken in the alerts' state row by whichever worker asks first.
 */
export function alertPacing(db: Database, intervalMs: number): Pacing {
  return {
    async take(now) {
      const taken = await db
        .updateTable('job_alert_state')
        .set({ next_send_at: now + intervalMs })
        .where('id', '=', alertsStateId)
        .where('next_send_at', '<=', now)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) > 0) return 0;
      const row = await db
        .selectFrom('job_alert_state')
        .select('next_send_at')
        .where('id', '=', alertsStateId)
        .executeTakeFirst();
      return row ? Math.max(1, Number(row.next_send_at) - now) : 0;
    },
  };
}

/**
 * Counts a refusal for good; the third in a row ends the subscriber's alerts (listed by
 * `npm run job-alerts:ended`, the address erased after its period), and drops the alerts
 * still queued for them.
 */
async function noteRefusal(db: Database, subscriberId: string, reason: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('job_alert_subscribers')
      .set((eb) => ({ refusals: eb('refusals', '+', 1), end_reason: reason }))
      .where('id', '=', subscriberId)
      .returning(['id', 'status', 'refusals', 'language', 'source', 'consent_text_version'])
      .executeTakeFirst();
    if (!row || row.status !== 'confirmed' || row.refusals < refusalsThatEnd) return;
    await trx
      .updateTable('job_alert_subscribers')
      .set({ status: 'ended', ended_at: now })
      .where('id', '=', subscriberId)
      .execute();
    await recordSubscriberEvent(trx, optInLists.jobAlerts, row, 'ended', now, JSON.stringify({ reason }));
    await dropQueuedAlerts(trx, subscriberId);
  });
}

/**
 * Sends one alert as every queued mail is sent (`sendQueuedMail`: one without an answer to its
 * end is maybe delivered, never sent again by itself). A refusal for good (5xx to the envelope
 * or the content) gives it up at once and is counted against the subscriber; a delivery sets
 * the count back. What is recorded after the mail server has taken the mail never makes the
 * mail go again: a failure to record is logged, not retried.
 */
export function jobAlertHandler({
  db,
  mailer,
  mails,
  now = Date.now,
  warn,
}: {
  db: Database;
  mailer: Mailer;
  mails: AlertMails;
  now?: () => number;
  warn: (message: string, error: unknown) => void;
}): JobHandler {
  return {
    async run(job, progress) {
      const alert = JSON.parse(job.payload) as QueuedAlert;
      const { subscriberId } = alert;
      const subscriber = await db
        .selectFrom('job_alert_subscribers')
        .select(['status', 'email', 'language', 'departments'])
        .where('id', '=', subscriberId)
        .executeTakeFirst();
      // Withdrawn or ended while it waited in hand: nothing to send.
      if (subscriber?.status !== 'confirmed' || !subscriber.email) return { kind: 'done' };
      const mail = await mails.mail(alert, {
        email: subscriber.email,
        language: subscriber.language,
        departments: parseDepartments(subscriber.departments),
      });
      // The round is gone (its period is over), or the subscriber has chosen other departments since.
      if (!mail) return { kind: 'done' };
      const outcome = await sendQueuedMail(mailer, mail, progress);
      if (outcome.kind === 'give-up') {
        await noteRefusal(db, subscriberId, outcome.reason, now()).catch((failure: unknown) =>
          warn('job alerts: a refusal could not be counted', failure),
        );
      }
      if (outcome.kind !== 'done') return outcome;
      await db
        .updateTable('job_alert_subscribers')
        .set({ refusals: 0, end_reason: null })
        .where('id', '=', subscriberId)
        .where('refusals', '>', 0)
        .execute()
        .catch((failure: unknown) => warn('job alerts: a delivery could not be counted', failure));
      return { kind: 'done' };
    },
  };
}
