import { languageCodes, type Language } from '../../common/languages';
import type { PageSettings } from '../../common/page-placeholders';
import { localizedPath, type PageVariant } from '../../common/page-urls';
import { findPage } from '../../common/site-pages';
import { addBrotli } from '../http/content-encoding';
import { storePageAsync, type RenderedPages, type StoredPage } from '../documents/page-store';
import type { RenderJobsPage } from './render-jobs-page';
import type { FeedSet, ServedFeed } from './served-feed';

const jobsPath = findPage('jobs').path;

/**
 * Stands for a closed position's id in the one page per language that says a
 * position is filled; no id can be it (jobIdPattern begins with a letter or a
 * digit), and an id needs no escaping in a URL or HTML, so putting the id in
 * its place gives the bytes rendering that id's page would.
 */
const closedIdPlaceholder = '__CLOSED_JOB_ID__';

interface Rendered {
  page: Promise<StoredPage>;
  year: number;
  /** The set it was rendered for (lists, closed positions), or, for an open job's page, its id and version. */
  set?: string;
  job?: { id: string; version: string };
}

/**
 * The jobs pages of a Personio feed (docs/decisions/0037-jobs-pages-rendered-in-a-worker.md), rendered with the site's
 * React components by `render` (a worker thread in the server) and kept until
 * what they show changes, or the year does (the footer shows it). The lists of
 * a new set are rendered before it is served (`prepare`), so a visitor is never
 * the one who waits for them; an open job's page is kept as long as that job
 * is unchanged. `?job=<id>` of an open position is its page (200), of a closed
 * one the page saying it is filled (410, no JobPosting, not indexed); an id the
 * feed never had is no page (404). The filled page is rendered once per language
 * and set, and each closed id's answer made from it when asked for, not kept:
 * a visitor going through the closed ids makes the instance render and keep nothing.
 */
export class JobPages implements RenderedPages {
  private readonly rendered = new Map<string, Rendered>();
  private servedFor = '';

  constructor(
    private readonly options: {
      served: ServedFeed;
      render: RenderJobsPage;
      settings: PageSettings;
      now?: () => Date;
    },
  ) {}

  private year(): number {
    return (this.options.now?.() ?? new Date()).getFullYear();
  }

  /** Renders the lists of a set before it is served. */
  async prepare(set: FeedSet): Promise<void> {
    const year = this.year();
    for (const lng of languageCodes) await this.list(set, lng, year);
  }

  /** The page for `?job=` in `query` (or the list); undefined where there is none (the caller's 404). */
  async page(lng: Language, query: URLSearchParams): Promise<StoredPage | undefined> {
    const set = this.options.served.current;
    const year = this.year();
    this.forgetOtherThan(set, year);
    const id = query.get('job');
    if (id === null) return this.list(set, lng, year);
    const found = set.lookup(lng, id);
    if (found.kind === 'unknown') return undefined;
    const variant = { job: id };
    if (found.kind === 'closed') {
      const filled = await this.render(`${set.key} closed ${lng} ${year}`, { year, set: set.key }, () => ({
        lng,
        variant: { job: closedIdPlaceholder },
        jobs: { ...set.board(lng), jobs: [] },
        status: 410,
      }));
      const html = filled.body.identity.toString('utf8').replaceAll(closedIdPlaceholder, () => id);
      return storePageAsync({ ...filled.entry, variant }, html, { ...this.options.settings, year });
    }
    const version = set.jobVersion(id) ?? set.key;
    return this.render(`job ${lng} ${id} ${version} ${year}`, { year, job: { id, version } }, () => ({
      lng,
      variant,
      // A job's page shows that job only.
      jobs: { ...set.board(lng), jobs: [found.job] },
      status: 200,
    }));
  }

  private list(set: FeedSet, lng: Language, year: number): Promise<StoredPage> {
    return this.render(`${set.key} list ${lng} ${year}`, { year, set: set.key }, () => ({
      lng,
      variant: {},
      jobs: set.board(lng),
      status: 200,
    }));
  }

  /** Drops what no longer shows once another set (or year) is served: pages of other sets, of changed or closed jobs. */
  private forgetOtherThan(set: FeedSet, year: number): void {
    const servedFor = `${set.key} ${year}`;
    if (servedFor === this.servedFor) return;
    this.servedFor = servedFor;
    for (const [key, rendered] of this.rendered) {
      const current = rendered.job
        ? set.jobVersion(rendered.job.id) === rendered.job.version
        : rendered.set === set.key;
      if (rendered.year !== year || !current) this.rendered.delete(key);
    }
  }

  private render(
    key: string,
    kept: Omit<Rendered, 'page'>,
    input: () => { lng: Language; variant: PageVariant; jobs: ReturnType<FeedSet['board']>; status: 200 | 410 },
  ): Promise<StoredPage> {
    const cached = this.rendered.get(key);
    if (cached) return cached.page;
    const { lng, variant, jobs, status } = input();
    const page = this.options.render({ lng, variant, jobs, noindex: status !== 200 }).then(async (html) => {
      const stored = await storePageAsync(
        { id: 'jobs', path: jobsPath, lng, variant, file: localizedPath(jobsPath, lng), status },
        html,
        { ...this.options.settings, year: kept.year },
      );
      // gzip at once, brotli once it is ready. Quality 9, not the prerendered pages' 11: for a list of
      // 200 jobs 20 ms of CPU instead of 1.2 s, after every change, for 5 % more bytes.
      void addBrotli(stored.body, 9).catch(() => {});
      return stored;
    });
    // A failed render is tried again at the next request, not kept.
    page.catch(() => this.rendered.delete(key));
    this.rendered.set(key, { page, ...kept });
    return page;
  }
}
