import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobsBoard } from '../../common/jobs';
import type { Language } from '../../common/languages';
import type { Database } from '../db/database';
import { describeError } from '../describe-error';
import type { FeedDepartment } from '../../common/jobs';
import { departmentChoices, departmentLookup, parseCatalogue } from './alerts/departments';
import type { JobRecord } from './feed-jobs';
import { feedKey, readFeedRow, readFeedVersion, storedJobs, type FeedRow, type StoredFeed } from './feed-store';

/** What an address `?job=<id>` is in the feed now. */
export type JobLookup = { kind: 'open'; job: Job } | { kind: 'closed' } | { kind: 'unknown' };

/** One stored read of the feed as the pages show it, never changed: the next read is another set. */
export class FeedSet {
  private constructor(
    /** Changes whenever what the pages show does: the key of the rendered pages. */
    readonly key: string,
    private readonly state: JobsBoard['state'],
    private readonly feed: StoredFeed | null,
    private readonly closed: Record<string, number>,
    private readonly records: Record<string, JobRecord>,
    private readonly changedAt: number | null,
    /** Every department the feed has named (the job alerts'). */
    readonly departments: readonly FeedDepartment[] = [],
  ) {}

  /** No jobs read yet: the set of no row. */
  static readonly loading = new FeedSet(feedKey(undefined, '').key, 'loading', null, {}, {}, null);

  /** The set a row of the database holds for this feed (another feed's row: none read yet). */
  static of(row: FeedRow | undefined, feedUrl: string): FeedSet {
    const { state, key } = feedKey(row, feedUrl);
    if (!row || state === 'loading') return FeedSet.loading;
    const { feed, closed, records } = storedJobs(row);
    return new FeedSet(key, state, feed, closed, records, row.changed_at, parseCatalogue(row.departments));
  }

  board(lng: Language): JobsBoard {
    return {
      source: 'personio',
      state: this.state,
      jobs: this.feed?.jobs[lng] ?? [],
      feedDepartments: departmentChoices(this.departments, lng),
    };
  }

  private departmentsByName: ((written: string) => string | null) | null = null;

  /** The department a job alerts sign-up names, as a key; null for one neither the product nor this feed knows. */
  department(written: string): string | null {
    this.departmentsByName ??= departmentLookup(this.departments);
    return this.departmentsByName(written);
  }

  lookup(lng: Language, id: string): JobLookup {
    const job = this.feed?.jobs[lng].find((candidate) => candidate.id === id);
    if (job) return { kind: 'open', job };
    return Object.hasOwn(this.closed, id) ? { kind: 'closed' } : { kind: 'unknown' };
  }

  /** Changes whenever the open job's content does, in any language; undefined for a job not open. */
  jobVersion(id: string): string | undefined {
    return Object.hasOwn(this.records, id) ? this.records[id]?.hash : undefined;
  }

  /** The open jobs' ids with when each last changed, and when the list did: for the sitemap. */
  sitemap(): { list: number | null; jobs: { id: string; changedAt: number }[] } {
    const ids = this.feed?.jobs.de.map((job) => job.id) ?? [];
    return {
      list: this.changedAt,
      jobs: ids.map((id) => ({ id, changedAt: this.records[id]?.changedAt ?? this.changedAt ?? 0 })),
    };
  }
}

/**
 * The feed's jobs as this instance serves them: the last good read in the
 * database, reloaded whenever another instance (or this one) stores a new one.
 * Each instance checks a small row every `pollMs`, so a position opened or
 * closed in Personio shows everywhere within the refresh interval and that.
 * A new set is served once what `beforeServing` prepares for it is ready (the
 * jobs pages, rendered off the request path); until then the previous one is.
 */
export class ServedFeed {
  private set = FeedSet.loading;
  private prepare: (next: FeedSet) => Promise<void> = () => Promise.resolve();
  private loads = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private warned = false;

  constructor(private readonly options: { db: Database; feedUrl: string; pollMs: number; log: FastifyBaseLogger }) {}

  /** What must be ready before a new set is served; a failure is logged, and the set served all the same. */
  beforeServing(prepare: (next: FeedSet) => Promise<void>): void {
    this.prepare = prepare;
  }

  /** Reads the stored jobs now (at start: before the instance answers). */
  async load(): Promise<void> {
    const turn = ++this.loads;
    const next = FeedSet.of(await readFeedRow(this.options.db), this.options.feedUrl);
    if (next.key !== this.set.key) {
      try {
        await this.prepare(next);
      } catch (error) {
        this.options.log.warn(
          { err: describeError(error) },
          'jobs feed: the new jobs pages could not be rendered in advance; each is rendered when asked for',
        );
      }
    }
    // A later load has read a later row.
    if (turn === this.loads) this.set = next;
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
      if (feedKey(row, this.options.feedUrl).key !== this.set.key) await this.load();
      this.warned = false;
    } catch (error) {
      // The database is away: the jobs read last stay served.
      if (!this.warned)
        this.options.log.warn({ err: describeError(error) }, 'jobs feed: cannot check for new jobs, will retry');
      this.warned = true;
    }
  }

  /** The set served now. */
  get current(): FeedSet {
    return this.set;
  }

  /** Changes whenever the pages do. */
  get key(): string {
    return this.set.key;
  }

  sitemap(): ReturnType<FeedSet['sitemap']> {
    return this.set.sitemap();
  }
}
