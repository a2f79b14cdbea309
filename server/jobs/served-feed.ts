import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobsBoard } from '../../common/jobs';
import type { Language } from '../../common/languages';
import type { Database } from '../db/database';
import { describeError } from '../describe-error';
import type { JobRecord } from './feed-jobs';
import { readFeedRow, readFeedVersion, storedJobs, type StoredFeed } from './feed-store';

/** What an address `?job=<id>` is in the feed now. */
export type JobLookup = { kind: 'open'; job: Job } | { kind: 'closed' } | { kind: 'unknown' };

interface Snapshot {
  /** Changes whenever what the pages show does: the key of the rendered pages. */
  key: string;
  board: JobsBoard['state'];
  feed: StoredFeed | null;
  closed: Record<string, number>;
  records: Record<string, JobRecord>;
  changedAt: number | null;
}

const empty: Snapshot = { key: 'loading', board: 'loading', feed: null, closed: {}, records: {}, changedAt: null };

/**
 * The feed's jobs as this instance serves them: the last good read in the
 * database, reloaded whenever another instance (or this one) stores a new one.
 * Each instance checks a small row every `pollMs`, so a position opened or
 * closed in Personio shows everywhere within the refresh interval and that.
 */
export class ServedFeed {
  private snapshot: Snapshot = empty;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private warned = false;

  constructor(private readonly options: { db: Database; feedUrl: string; pollMs: number; log: FastifyBaseLogger }) {}

  /** Reads the stored jobs now (at start: before the instance answers). */
  async load(): Promise<void> {
    const row = await readFeedRow(this.options.db);
    if (!row || row.feed_url !== this.options.feedUrl) {
      this.snapshot = {
        ...empty,
        board: row?.feed_url === this.options.feedUrl && row.failing_since ? 'error' : 'loading',
      };
      this.snapshot.key = this.snapshot.board;
      return;
    }
    const { feed, closed, records } = storedJobs(row);
    const board = feed ? 'ready' : row.failing_since !== null ? 'error' : 'loading';
    this.snapshot = { key: `${board}:${row.version ?? ''}`, board, feed, closed, records, changedAt: row.changed_at };
  }

  start(): void {
    this.timer = setInterval(() => {
      this.polling ??= this.poll().finally(() => {
        this.polling = null;
      });
    }, this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
  }

  private async poll(): Promise<void> {
    try {
      const row = await readFeedVersion(this.options.db);
      const ours = row?.feed_url === this.options.feedUrl;
      const board = ours && row.version ? 'ready' : ours && row.failing_since !== null ? 'error' : 'loading';
      if (`${board}:${(ours && row.version) || ''}` !== this.snapshot.key || board !== this.snapshot.board) {
        await this.load();
      }
      this.warned = false;
    } catch (error) {
      // The database is away: the jobs read last stay served.
      if (!this.warned)
        this.options.log.warn({ err: describeError(error) }, 'jobs feed: cannot check for new jobs, will retry');
      this.warned = true;
    }
  }

  /** Changes whenever the pages do. */
  get key(): string {
    return this.snapshot.key;
  }

  board(lng: Language): JobsBoard {
    return { source: 'personio', state: this.snapshot.board, jobs: this.snapshot.feed?.jobs[lng] ?? [] };
  }

  lookup(lng: Language, id: string): JobLookup {
    const job = this.snapshot.feed?.jobs[lng].find((candidate) => candidate.id === id);
    if (job) return { kind: 'open', job };
    return Object.hasOwn(this.snapshot.closed, id) ? { kind: 'closed' } : { kind: 'unknown' };
  }

  /** The open jobs' ids with when each last changed, and when the list did: for the sitemap. */
  sitemap(): { list: number | null; jobs: { id: string; changedAt: number }[] } {
    const ids = this.snapshot.feed?.jobs.de.map((job) => job.id) ?? [];
    return {
      list: this.snapshot.changedAt,
      jobs: ids.map((id) => ({ id, changedAt: this.snapshot.records[id]?.changedAt ?? this.snapshot.changedAt ?? 0 })),
    };
  }
}
