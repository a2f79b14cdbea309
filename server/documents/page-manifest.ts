import type { Language } from '../../common/languages';
import type { PageVariant } from '../../common/page-urls';
import type { PageId } from '../../common/site-pages';

/** One prerendered HTML file (written by scripts/prerender.ts). */
export interface PageManifestEntry {
  id: PageId;
  /**
   * The page's path without its language's prefix: the registry's, or a news page's own
   * (`/news/page/2`, `/news/<slug>`, `/news/feed.xml`); null for the page-not-found screen.
   */
  path: string | null;
  lng: Language;
  variant: PageVariant;
  /** Relative to dist/pages. */
  file: string;
  status: 200 | 404 | 410 | 503;
  /**
   * The time (ISO) from which, and until which, this rendering is the one served at its address:
   * the news pages as they are when the build runs and as they will be at each later entry's
   * date (docs/decisions/0046-news-entries.md). Absent: from always, until always.
   */
  from?: string;
  until?: string;
  /** `atom`: the news feed (application/atom+xml); absent: an HTML page. */
  type?: 'atom';
  /** A news page's last change, for the sitemap. */
  lastmod?: string;
  /** A news page's alternates (addresses with their prefix), where they are not the registry's. */
  alternates?: { hreflang: Language | 'x-default'; path: string }[];
}

/** An old address that answers 301 to another: a news entry's renamed slug. */
export interface PageRedirect {
  from: string;
  to: string;
}

export interface PageManifest {
  generatedAt: string;
  pages: PageManifestEntry[];
  redirects?: PageRedirect[];
}

/** Whether a page's rendering is the one served at `now` (ms). */
export function servedAt(entry: PageManifestEntry, now: number): boolean {
  return (!entry.from || Date.parse(entry.from) <= now) && (!entry.until || now < Date.parse(entry.until));
}

/** Beside the pages, the built-in jobs of every language as the pages show them: without a feed, the job alerts announce one a release adds. */
export const builtInJobsFileName = 'built-in-jobs.json';
