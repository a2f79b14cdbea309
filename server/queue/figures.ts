import type { Database } from '../db/database';

/** How many jobs of one kind are in one state, and when the oldest one's round began. */
export interface QueueFigure {
  kind: string;
  status: 'pending' | 'sending' | 'dead' | 'maybe-sent';
  count: number;
  oldestQueuedAt: number;
}

/**
 * The queue as every instance sees it, in one query that reads the index
 * outbox_figures (status, kind, queued_at) and no row: jobs waiting, in hand
 * given up and maybe done, by kind. What /metrics reports; its cost is in the bench
 * (10,000 waiting mails).
 */
export async function queueFigures(db: Database): Promise<QueueFigure[]> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => [
      'kind',
      'status',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.min<number | string>('queued_at').as('oldest'),
    ])
    .where('status', 'in', ['pending', 'sending', 'dead', 'maybe-sent'])
    .groupBy(['status', 'kind'])
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    status: row.status as QueueFigure['status'],
    count: Number(row.count),
    oldestQueuedAt: Number(row.oldest),
  }));
}
