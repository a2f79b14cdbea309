import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { JobsBoard } from '../../common/jobs';
import type { Language } from '../../common/languages';
import type { PageSettings } from '../../common/page-placeholders';
import { localizedPath, type PageVariant } from '../../common/page-urls';
import { findPage } from '../../common/site-pages';
import { addBrotli } from '../http/content-encoding';
import { assemblePage, assemblyFileName, type PageAssembly } from '../pages/page-assembly';
import { storePage, type StoredPage } from '../pages/page-store';
import type { ServedFeed } from './served-feed';

/** One jobs page as a whole HTML document (placeholders still in), rendered with the site's React components. */
export type RenderJobsPage = (input: {
  lng: Language;
  variant: PageVariant;
  jobs: JobsBoard;
  noindex: boolean;
}) => Promise<string>;

/** The prerender bundle's `prerenderPage` (src/app/entry-prerender.tsx), as far as the jobs pages use it. */
type PrerenderPage = (input: {
  lng: Language;
  pageId: 'jobs';
  variant: PageVariant;
  jobs: JobsBoard;
  noindex: boolean;
}) => Promise<{ html: string; head: string; modules: string[] }>;

/** The renderer of a build: its prerender bundle and the template and scripts its pages were assembled with. */
function jobsPageRenderer(prerenderPage: PrerenderPage, assembly: PageAssembly): RenderJobsPage {
  return async ({ lng, variant, jobs, noindex }) => {
    const { html, head, modules } = await prerenderPage({ lng, pageId: 'jobs', variant, jobs, noindex });
    return assemblePage(assembly, { lng, head, html, modules });
  };
}

/** Loads the renderer from the build output (dist/prerender and dist/pages/assembly.json). */
export async function loadJobsPageRenderer(distDir: string): Promise<RenderJobsPage> {
  const assembly = JSON.parse(await readFile(path.join(distDir, 'pages', assemblyFileName), 'utf8')) as PageAssembly;
  const entry = (await import(
    /* @vite-ignore */ pathToFileURL(path.join(distDir, 'prerender/entry-prerender.js')).href
  )) as { prerenderPage: PrerenderPage };
  return jobsPageRenderer(entry.prerenderPage, assembly);
}

const jobsPath = findPage('jobs').path;

/**
 * The jobs pages of a Personio feed (decision 27): rendered from the jobs the
 * instance serves when first asked for, and kept until those jobs change (or
 * the year does, which the footer shows). `?job=<id>` of an open position is
 * its page (200), of a closed one the page saying it is filled (410, no
 * JobPosting, not indexed); an id the feed never had is no page (404).
 */
export class JobPages {
  private readonly rendered = new Map<string, Promise<StoredPage>>();
  private renderedFor = '';

  constructor(
    private readonly options: {
      served: ServedFeed;
      render: RenderJobsPage;
      settings: PageSettings;
      now?: () => Date;
    },
  ) {}

  /** The page for `?job=` in `query` (or the list); undefined where there is none (the caller's 404). */
  async page(lng: Language, query: URLSearchParams): Promise<StoredPage | undefined> {
    const { served } = this.options;
    const year = (this.options.now?.() ?? new Date()).getFullYear();
    const key = `${served.key} ${year}`;
    if (key !== this.renderedFor) {
      this.rendered.clear();
      this.renderedFor = key;
    }
    const id = query.get('job');
    if (id === null) return this.render(lng, {}, 200, year);
    const found = served.lookup(lng, id);
    if (found.kind === 'unknown') return undefined;
    return this.render(lng, { job: id }, found.kind === 'open' ? 200 : 410, year);
  }

  private render(lng: Language, variant: PageVariant, status: 200 | 410, year: number): Promise<StoredPage> {
    const cacheKey = `${lng} ${variant.job ?? ''}`;
    let page = this.rendered.get(cacheKey);
    if (!page) {
      const { served, render, settings } = this.options;
      page = render({ lng, variant, jobs: served.board(lng), noindex: status !== 200 }).then((html) => {
        const stored = storePage(
          { id: 'jobs', path: jobsPath, lng, variant, file: localizedPath(jobsPath, lng), status },
          html,
          { ...settings, year },
        );
        // gzip at once, brotli once it is ready, as for the prerendered pages.
        void addBrotli(stored.body).catch(() => {});
        return stored;
      });
      // A failed render is tried again at the next request, not kept.
      page.catch(() => this.rendered.delete(cacheKey));
      this.rendered.set(cacheKey, page);
    }
    return page;
  }
}
