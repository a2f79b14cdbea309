import { defaultLanguage, languageCodes, type Language } from '../../common/languages';
import type { Database } from '../db/database';
import { describeFeedUrl } from './fetch-feed';
import { readFeedRow, storedJobs, type StoredFeed } from './feed-store';

/** How the feed's reads are going, as `npm run jobs:status` and /metrics report them. */
export interface FeedStatus {
  /** The feed's address without its query; null before any read was recorded. */
  feed: string | null;
  readAt: number | null;
  changedAt: number | null;
  failingSince: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  /** Per language: the positions shown, and how many of them have texts of their own there (the rest are shown in German). */
  positions: Record<Language, { shown: number; own: number }>;
  /** The positions the last read left out or showed without a value, one line each. */
  problems: string[];
  /** The ids of the positions shown without a pay range, against the pay policy (a range on every job). */
  withoutPay: string[];
}

/**
 * The positions shown without a pay range. Every position is in the German list (in German where
 * it has no German texts), and a position's pay is the same in every language's document.
 */
export const positionsWithoutPay = (feed: StoredFeed | null): string[] =>
  (feed?.jobs[defaultLanguage] ?? []).filter((job) => job.salary === null).map((job) => job.id);

const positionsOf = (feed: StoredFeed | null) =>
  Object.fromEntries(
    languageCodes.map((lng) => [lng, { shown: feed?.jobs[lng].length ?? 0, own: feed?.ownTexts[lng] ?? 0 }]),
  ) as FeedStatus['positions'];

/** The status of a feed nothing has been recorded of. */
export const notReadYet: Omit<FeedStatus, 'feed'> = {
  readAt: null,
  changedAt: null,
  failingSince: null,
  lastError: null,
  lastErrorAt: null,
  positions: positionsOf(null),
  problems: [],
  withoutPay: [],
};

export async function readFeedStatus(db: Database): Promise<FeedStatus> {
  const row = await readFeedRow(db);
  const feed = row ? storedJobs(row).feed : null;
  const positions = positionsOf(feed);
  return {
    feed: row ? describeFeedUrl(row.feed_url) : null,
    readAt: row?.read_at ?? null,
    changedAt: row?.changed_at ?? null,
    failingSince: row?.failing_since ?? null,
    lastError: row?.last_error ?? null,
    lastErrorAt: row?.last_error_at ?? null,
    positions,
    problems: row?.problems ? row.problems.split('\n') : [],
    withoutPay: positionsWithoutPay(feed),
  };
}

const when = (time: number | null) => (time === null ? 'never' : new Date(time).toISOString());

/** The operator's view: one fact a line, the positions per language, then what the last read left out. */
export function formatFeedStatus(status: FeedStatus, feedUrl: string): string {
  const lines = [
    `feed\t${describeFeedUrl(feedUrl)}`,
    `last successful read\t${when(status.readAt)}`,
    `jobs last changed\t${when(status.changedAt)}`,
    `failing since\t${status.failingSince === null ? '-' : when(status.failingSince)}`,
    `last error\t${status.lastError === null ? '-' : `${when(status.lastErrorAt)} ${status.lastError}`}`,
    ...languageCodes.map(
      (lng) =>
        `positions ${lng}\t${status.positions[lng].shown} (${status.positions[lng].own} with ${lng} texts, the rest in German)`,
    ),
    `without pay\t${status.withoutPay.length === 0 ? '-' : `${status.withoutPay.length} (${status.withoutPay.join(', ')}): enter a range in Personio`}`,
    ...status.problems.map((problem) => `left out or changed\t${problem}`),
  ];
  return `${lines.join('\n')}\n`;
}
