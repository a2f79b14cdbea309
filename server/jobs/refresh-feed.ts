import type { FastifyBaseLogger } from 'fastify';
import { languageCodes, type Language } from '../../common/languages';
import type { Database } from '../db/database';
import type { JobHandler } from '../queue/queue';
import { describeFeedUrl, fetchFeedDocument, type FetchFeedOptions } from './fetch-feed';
import { previousRecords, saveFailure, saveRead } from './feed-store';
import { FeedError } from './personio-feed';
import { parseAndJoinOffThread, type FeedRead, type FeedReadLimits } from './read-feed-thread';
import { readCatalogue, renamings, updateCatalogue } from './alerts/departments';
import { feedSource, noteOpenPositions, roundPositions } from './alerts/positions';

/** The kind (and the id) of the one recurring job that reads the feed. */
export const jobsFeedRefreshKind = 'jobs-feed-refresh';

export interface RefreshOptions {
  db: Database;
  feedUrl: string;
  log: FastifyBaseLogger;
  now?: () => number;
  fetchOptions?: FetchFeedOptions;
  /** The deadline and memory of the worker thread that parses and sanitizes a read (read-feed-thread.ts). */
  readLimits?: FeedReadLimits;
}

export type RefreshResult = { ok: true; changed: boolean; positions: number } | { ok: false; error: string };

/** Every language's document as fetched; a FeedError names the language whose document was refused. */
async function fetchDocuments(feedUrl: string, options?: FetchFeedOptions): Promise<Record<Language, string>> {
  const documents = await Promise.all(
    languageCodes.map(async (lng) => {
      try {
        return [lng, await fetchFeedDocument(feedUrl, lng, options)] as const;
      } catch (error) {
        if (error instanceof FeedError) throw new FeedError(`the ${lng} document was refused: ${error.message}`);
        throw error;
      }
    }),
  );
  return Object.fromEntries(documents) as Record<Language, string>;
}

/**
 * One read of the feed: all three languages, joined and stored in one
 * transaction, or, when any of them is refused, the failure recorded and the
 * last good jobs kept. A failure is logged once per streak; the log says when
 * the jobs change and when the positions the feed's values made the site leave
 * out or change are different from the last read's. A database error is thrown:
 * the queue retries the job.
 */
export async function refreshJobsFeed({
  db,
  feedUrl,
  log,
  now = Date.now,
  fetchOptions,
  readLimits,
}: RefreshOptions): Promise<RefreshResult> {
  const feed = describeFeedUrl(feedUrl);
  const started = now();
  let read: FeedRead;
  let previous: Awaited<ReturnType<typeof previousRecords>>;
  try {
    const documents = await fetchDocuments(feedUrl, fetchOptions);
    previous = await previousRecords(db, feedUrl);
    read = await parseAndJoinOffThread({ documents, feedUrl, previous, now: now() }, readLimits);
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    const newStreak = await saveFailure(db, { feedUrl, error: error.message, now: now() });
    const line = { feed, err: error.message };
    if (newStreak) log.warn(line, 'jobs feed: read failed; the last good jobs stay until a read succeeds');
    else log.debug(line, 'jobs feed: read failed again');
    return { ok: false, error: error.message };
  }
  const { feed: joined, problems } = read;
  // The job alerts' departments: every one the feed has named, each position's key, and renamings.
  const departments = updateCatalogue(
    await readCatalogue(db, feedUrl),
    new Map(Object.entries(previous).flatMap(([id, record]) => (record.department ? [[id, record.department]] : []))),
    joined.jobs,
    now(),
  );
  for (const [id, key] of departments.keys) {
    const record = joined.records[id];
    if (record) record.department = key;
  }
  const saved = await saveRead(db, {
    feedUrl,
    feed: joined,
    problems,
    now: now(),
    departments: JSON.stringify(departments.catalogue),
  });
  const positions = Object.keys(joined.records).length;
  // A position seen for the first time opens: its alerts are queued (the first read of a feed only sets the baseline).
  const noted = await noteOpenPositions(db, {
    source: feedSource(feedUrl),
    positions: roundPositions(joined.jobs, (id) => departments.keys.get(id) ?? null),
    now: now(),
    renamed: renamings(departments.catalogue),
  });
  if (noted.kind === 'round') log.info({ feed, opened: noted.opened }, 'job alerts: positions opened, alerts queued');
  if (departments.renamed.size > 0)
    log.info({ feed, renamed: Object.fromEntries(departments.renamed) }, 'job alerts: departments renamed');
  if (saved.failingSince !== null) {
    log.info({ feed, failingSince: new Date(saved.failingSince).toISOString() }, 'jobs feed: read again after failing');
  }
  if (saved.problemsChanged) {
    if (problems.length) log.warn({ feed, problems }, 'jobs feed: positions left out or shown without a value');
    else log.info({ feed }, 'jobs feed: every position is shown whole again');
  }
  if (saved.changed) {
    log.info(
      { feed, positions, opened: saved.opened, closed: saved.closed, ms: now() - started },
      'jobs feed: open positions changed',
    );
  }
  return { ok: true, changed: saved.changed, positions };
}

/** The queue's handler: one read, then due again after the refresh interval, whatever came of it. */
export function jobsFeedHandler(options: RefreshOptions & { refreshMs: number }): JobHandler {
  return {
    recurring: true,
    async run() {
      await refreshJobsFeed(options);
      return { kind: 'again', afterMs: options.refreshMs };
    },
  };
}
