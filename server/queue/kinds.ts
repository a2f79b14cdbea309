/**
 * Every kind of job the outbox carries, and the queue each belongs to. A queue
 * is what an operator watches (metrics, alerts, commands) and what one worker
 * handles; a kind is what its handler does. A new task adds its kind here and
 * a handler beside its domain.
 */
export const jobKinds = {
  /** A visitor's message, mailed to CONTACT_TO. */
  'contact-notification': 'mail',
  /** The double opt-in mail to a visitor. */
  'newsletter-confirmation': 'mail',
  /** A sign-up request, carried out later so the API's answer time tells nothing (it queues the confirmation). */
  'newsletter-signup': 'task',
  /** A confirmed subscription handed to the e-mail marketing provider. */
  'newsletter-subscribe': 'newsletter_sync',
  /** An unsubscription handed to the provider. */
  'newsletter-unsubscribe': 'newsletter_sync',
  /** The read of the Personio feed: one recurring job, claimed by one instance at a time (server/jobs/). */
  'jobs-feed-refresh': 'jobs_feed',
  /** The double opt-in mail of the job alerts. */
  'job-alert-confirmation': 'mail',
  /** A job alerts sign-up request, carried out later as the newsletter's is. */
  'job-alerts-signup': 'task',
  /** Queues one batch of an alert round's mails, then the next batch (server/jobs/alerts/). */
  'job-alerts-round': 'task',
  /** One alert to one subscriber: the new positions of one round, sent at JOB_ALERTS_PER_MINUTE. */
  'job-alert': 'job_alerts',
} as const;

export type JobKind = keyof typeof jobKinds;
export type QueueName = (typeof jobKinds)[JobKind];

export const queueNames = [...new Set(Object.values(jobKinds))] as QueueName[];

/** The kinds of one or more queues. */
export const kindsOf = (...queues: QueueName[]): JobKind[] =>
  (Object.keys(jobKinds) as JobKind[]).filter((kind) => queues.includes(jobKinds[kind]));

/** The queue of a kind read from the database; a kind this code does not know (left by another version) is `other`. */
export const queueOf = (kind: string): QueueName | 'other' =>
  Object.hasOwn(jobKinds, kind) ? jobKinds[kind as JobKind] : 'other';
