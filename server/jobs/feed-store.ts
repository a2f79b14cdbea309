import { createHash } from 'node:crypto';
import type { Job, JobsBoard } from '../../common/jobs';
import type { Language } from '../../common/languages';
import type { Database } from '../db/database';
import type { JobsFeedTable } from '../db/schema';
import type { FeedJobs, JobRecord } from './feed-jobs';

/** The row of the one feed the site reads. */
export const feedRowId = 'personio';

/** How long a closed position's address answers 410 before it becomes an unknown one (404). */
export const closedKeptMs = 365 * 24 * 60 * 60_000;

/**
 * How many closed positions are kept at most, the most recently closed: every
 * instance holds the list, and a feed that opens and closes positions without
 * end must not grow it without end. Years of a company's closings, for a feed of
 * the size a read takes (personio-feed.ts: 500 positions).
 */
export const maxClosed = 2_000;

/** The closed positions kept: those closed within closedKeptMs and not open again, the latest maxClosed of them. */
export function keptClosed(
  entries: [string, number][],
  open: Record<string, unknown>,
  now: number,
): Record<string, number> {
  return Object.fromEntries(
    entries
      .filter(([id, at]) => !Object.hasOwn(open, id) && now - at <= closedKeptMs)
      .sort(([, a], [, b]) => b - a)
      .slice(0, maxClosed),
  );
}

/** The jobs as stored: what the pages show, per language. */
export interface StoredFeed {
  jobs: Record<Language, Job[]>;
  ownTexts: Record<Language, number>;
}

export type FeedRow = JobsFeedTable;

export async function readFeedRow(db: Database): Promise<FeedRow | undefined> {
  return db.selectFrom('jobs_feed').selectAll().where('id', '=', feedRowId).executeTakeFirst();
}

/** The cheap part of the row, which every instance polls: whether it must reload the jobs. */
export async function readFeedVersion(
  db: Database,
): Promise<Pick<FeedRow, 'feed_url' | 'version' | 'failing_since' | 'read_at'> | undefined> {
  return db
    .selectFrom('jobs_feed')
    .select(['feed_url', 'version', 'failing_since', 'read_at'])
    .where('id', '=', feedRowId)
    .executeTakeFirst();
}

/**
 * What the stored row means for the pages, from the columns every instance polls: jobs read
 * (ready; a read's jobs and version are written together), a feed failing before any read
 * (error), or nothing yet (loading; another JOBS_FEED_URL's row counts as nothing).
 */
export function feedKey(row: Pick<FeedRow, 'feed_url' | 'version' | 'failing_since'> | undefined, feedUrl: string) {
  const ours = row?.feed_url === feedUrl;
  const state: JobsBoard['state'] =
    ours && row.version !== null ? 'ready' : ours && row.failing_since !== null ? 'error' : 'loading';
  return { state, key: state === 'loading' ? 'loading' : `${state}:${row?.version ?? ''}` };
}

const parse = <T>(json: string | null | undefined, fallback: T): T => (json ? (JSON.parse(json) as T) : fallback);

/** What is kept across reads, for the same feed only: another JOBS_FEED_URL starts afresh. */
export async function previousRecords(db: Database, feedUrl: string): Promise<Record<string, JobRecord>> {
  const row = await db
    .selectFrom('jobs_feed')
    .select(['feed_url', 'records'])
    .where('id', '=', feedRowId)
    .executeTakeFirst();
  return row?.feed_url === feedUrl ? parse(row.records, {}) : {};
}

export interface SavedRead {
  changed: boolean;
  opened: string[];
  closed: string[];
  /** The streak of failures this read ended, if any. */
  failingSince: number | null;
  problemsChanged: boolean;
}

/**
 * Stores a successful read in one transaction: the jobs (when they changed),
 * the positions that left the feed since the last read (closed), and the end of
 * a failure streak. The previous set is replaced only here, whole. A read that
 * changed nothing writes its time only, not the jobs again (on SQLite the
 * instance waits for the write).
 */
export async function saveRead(
  db: Database,
  {
    feedUrl,
    feed,
    problems,
    now,
    departments = null,
  }: {
    feedUrl: string;
    feed: FeedJobs;
    problems: string[];
    now: number;
    /** Every department the feed has named (JSON, the job alerts'): the pages offer them, so they are part of the version. */
    departments?: string | null;
  },
): Promise<SavedRead> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('jobs_feed')
      .select(['feed_url', 'version', 'records', 'closed', 'changed_at', 'failing_since', 'problems'])
      .where('id', '=', feedRowId)
      .executeTakeFirst();
    const sameFeed = row?.feed_url === feedUrl;
    const stored: StoredFeed = { jobs: feed.jobs, ownTexts: feed.ownTexts };
    const jobsJson = JSON.stringify(stored);
    const hash = createHash('sha256').update(jobsJson);
    if (departments !== null) hash.update(departments);
    const version = hash.digest('base64url').slice(0, 22);
    const previousIds = sameFeed ? Object.keys(parse<Record<string, JobRecord>>(row.records, {})) : [];
    const ids = Object.keys(feed.records);
    const newlyClosed = previousIds.filter((id) => !feed.records[id]);
    const closed = keptClosed(
      [
        ...Object.entries(sameFeed ? parse<Record<string, number>>(row.closed, {}) : {}),
        ...newlyClosed.map((id): [string, number] => [id, now]),
      ],
      feed.records,
      now,
    );
    const changed = !sameFeed || row.version !== version;
    const problemsText = problems.join('\n') || null;
    const records = JSON.stringify(feed.records);
    const closedJson = JSON.stringify(closed);
    const values = {
      feed_url: feedUrl,
      jobs: jobsJson,
      records,
      closed: closedJson,
      version,
      read_at: now,
      changed_at: changed ? now : (row?.changed_at ?? now),
      failing_since: null,
      problems: problemsText,
      departments,
    };
    if (row && !changed) {
      await trx
        .updateTable('jobs_feed')
        .set({
          read_at: now,
          failing_since: null,
          problems: problemsText,
          ...(row.records === records ? {} : { records }),
          ...(row.closed === closedJson ? {} : { closed: closedJson }),
        })
        .where('id', '=', feedRowId)
        .execute();
    } else if (row) await trx.updateTable('jobs_feed').set(values).where('id', '=', feedRowId).execute();
    else
      await trx
        .insertInto('jobs_feed')
        .values({ id: feedRowId, ...values })
        .execute();
    return {
      changed,
      opened: ids.filter((id) => !previousIds.includes(id)),
      closed: newlyClosed,
      failingSince: sameFeed ? (row.failing_since ?? null) : null,
      problemsChanged: (sameFeed ? row.problems : null) !== problemsText,
    };
  });
}

/**
 * Records a failed read; the jobs stay (those of another JOBS_FEED_URL are
 * dropped: they are not this feed's). Returns true when it begins a failure streak.
 */
export async function saveFailure(
  db: Database,
  { feedUrl, error, now }: { feedUrl: string; error: string; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('jobs_feed')
      .select(['feed_url', 'failing_since'])
      .where('id', '=', feedRowId)
      .executeTakeFirst();
    const failure = { last_error: error, last_error_at: now };
    if (!row) {
      await trx
        .insertInto('jobs_feed')
        .values({ id: feedRowId, feed_url: feedUrl, records: '{}', closed: '{}', failing_since: now, ...failure })
        .execute();
      return true;
    }
    if (row.feed_url !== feedUrl) {
      await trx
        .updateTable('jobs_feed')
        .set({
          feed_url: feedUrl,
          jobs: null,
          records: '{}',
          closed: '{}',
          version: null,
          read_at: null,
          changed_at: null,
          problems: null,
          departments: null,
          failing_since: now,
          ...failure,
        })
        .where('id', '=', feedRowId)
        .execute();
      return true;
    }
    await trx
      .updateTable('jobs_feed')
      .set({ ...failure, failing_since: row.failing_since ?? now })
      .where('id', '=', feedRowId)
      .execute();
    return row.failing_since === null;
  });
}

/** The stored jobs and the ids of closed positions, as an instance serves them. */
export function storedJobs(row: FeedRow): {
  feed: StoredFeed | null;
  closed: Record<string, number>;
  records: Record<string, JobRecord>;
} {
  return {
    feed: parse<StoredFeed | null>(row.jobs, null),
    closed: parse(row.closed, {}),
    records: parse(row.records, {}),
  };
}
