import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Job, SalaryRange } from '../../../common/jobs';
import { languageCodes, type Language } from '../../../common/languages';
import type { Database } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { enqueueJob } from '../../queue/queue';

/**
 * When a position opens (docs/decisions/0056-job-alerts.md): the first time the alerts see it
 * in the jobs of the source they know. The positions seen are kept, also once closed (for a
 * year), so a position that comes back after an outage, a flapping feed, a changed text or a
 * reload is not new. A source the alerts have not known before (the first read of a feed,
 * another JOBS_FEED_URL, a switch between the built-in jobs and a feed) sets a baseline and
 * announces nothing. Positions and their round are written in one transaction that holds
 * the alerts' one state row, so instances that note the same positions at once announce each once.
 */

/** The row of the alerts' state. */
export const alertsStateId = 'alerts';

/** How long a closed position is remembered, so that it is not announced again when it comes back. */
export const closedPositionKeptMs = 365 * 24 * 60 * 60_000;

/** The source of the built-in jobs; a feed's is `personio:` and its address. */
export const builtInSource = 'built-in';
export const feedSource = (feedUrl: string) => `personio:${feedUrl}`;

/** A position as an alert in one language shows it. */
export interface ShownPosition {
  title: string;
  lang: Language;
  department: string;
  location: string;
  salary: SalaryRange | null;
}

/** A new position as a round keeps it: its department's key and how each language shows it. */
export interface RoundPosition {
  id: string;
  /** Null where the feed names no department: then it goes to those who chose every department. */
  department: string | null;
  shown: Partial<Record<Language, ShownPosition>>;
}

/** What a round announces: its positions, and which department keys now stand for others (renamed). */
export interface AlertRound {
  positions: RoundPosition[];
  renamed: Record<string, string>;
}

/** The open positions of every language as alerts show them, with each one's department key. */
export function roundPositions(
  jobs: Record<Language, readonly Job[]>,
  keyOf: (id: string) => string | null,
): RoundPosition[] {
  const byId = new Map<string, RoundPosition>();
  for (const lng of languageCodes) {
    for (const job of jobs[lng]) {
      const position = byId.get(job.id) ?? { id: job.id, department: keyOf(job.id), shown: {} };
      position.shown[lng] = {
        title: job.title,
        lang: job.lang,
        department: job.department,
        location: job.location,
        salary: job.salary,
      };
      byId.set(job.id, position);
    }
  }
  return [...byId.values()];
}

export type NotedPositions =
  | { kind: 'baseline'; positions: number }
  | { kind: 'unchanged' }
  | { kind: 'round'; roundId: string; opened: string[] };

type Trx = Transaction<DatabaseSchema>;

const chunks = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

async function remember(trx: Trx, source: string, ids: readonly string[], now: number, roundId: string | null) {
  for (const part of chunks(ids, 500)) {
    await trx
      .insertInto('job_alert_positions')
      .values(part.map((id) => ({ source, position_id: id, first_seen_at: now, closed_at: null, round_id: roundId })))
      .onConflict((conflict) => conflict.columns(['source', 'position_id']).doNothing())
      .execute();
  }
}

/**
 * Notes the open positions of `source` after a read (or at start, for the built-in jobs):
 * a baseline for a source not known before; otherwise a round for those never seen, with
 * the task that queues its alerts, in the same transaction.
 */
export async function noteOpenPositions(
  db: Database,
  {
    source,
    positions,
    now,
    renamed = {},
  }: { source: string; positions: readonly RoundPosition[]; now: number; renamed?: Record<string, string> },
): Promise<NotedPositions> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('job_alert_state')
      .values({ id: alertsStateId, source: null, baseline_at: null, next_send_at: 0, next_slot_at: 0 })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    // A write first: on PostgreSQL it holds the row until this commits, so instances take turns (SQLite has one writer).
    await trx.updateTable('job_alert_state').set({ id: alertsStateId }).where('id', '=', alertsStateId).execute();
    const state = await trx
      .selectFrom('job_alert_state')
      .select('source')
      .where('id', '=', alertsStateId)
      .executeTakeFirstOrThrow();
    const ids = positions.map((position) => position.id);
    if (state.source !== source) {
      await trx.deleteFrom('job_alert_positions').execute();
      await remember(trx, source, ids, now, null);
      await trx
        .updateTable('job_alert_state')
        .set({ source, baseline_at: now })
        .where('id', '=', alertsStateId)
        .execute();
      return { kind: 'baseline', positions: ids.length };
    }

    const known = new Map(
      (
        await trx
          .selectFrom('job_alert_positions')
          .select(['position_id', 'closed_at'])
          .where('source', '=', source)
          .execute()
      ).map((row) => [row.position_id, row.closed_at] as const),
    );
    const open = new Set(ids);
    const closing = [...known].filter(([id, closedAt]) => closedAt === null && !open.has(id)).map(([id]) => id);
    const back = ids.filter((id) => known.has(id) && known.get(id) !== null);
    // Those that left the jobs are closed now; those back again are open.
    for (const [changed, closedAt] of [
      [closing, now],
      [back, null],
    ] as const) {
      for (const part of chunks(changed, 500)) {
        await trx
          .updateTable('job_alert_positions')
          .set({ closed_at: closedAt })
          .where('source', '=', source)
          .where('position_id', 'in', part)
          .execute();
      }
    }
    await trx
      .deleteFrom('job_alert_positions')
      .where('source', '=', source)
      .where('closed_at', '<', now - closedPositionKeptMs)
      .execute();

    const opened = positions.filter((position) => !known.has(position.id));
    if (opened.length === 0) return { kind: 'unchanged' };
    const roundId = randomUUID();
    await remember(
      trx,
      source,
      opened.map((position) => position.id),
      now,
      roundId,
    );
    const round: AlertRound = { positions: opened, renamed };
    await trx
      .insertInto('job_alert_rounds')
      .values({
        id: roundId,
        created_at: now,
        source,
        positions: JSON.stringify(round),
        after_subscriber: null,
        recipients: 0,
        queued_at: null,
      })
      .execute();
    await enqueueJob(trx, 'job-alerts-round', { roundId }, { now });
    return { kind: 'round', roundId, opened: opened.map((position) => position.id) };
  });
}
