import type { Language } from '../../common/languages';
import type { PageVariant } from '../../common/page-urls';
import type { PageId } from '../../common/site-pages';

/** One prerendered HTML file (written by scripts/prerender.ts). */
export interface PageManifestEntry {
  id: PageId;
  /** The page's path in the registry (German), or null for the page-not-found screen. */
  path: string | null;
  lng: Language;
  variant: PageVariant;
  /** Relative to dist/pages. */
  file: string;
  status: 200 | 404 | 410 | 503;
}

export interface PageManifest {
  generatedAt: string;
  pages: PageManifestEntry[];
}

/** Beside the pages, the built-in jobs of every language as the pages show them: without a feed, the job alerts announce one a release adds. */
export const builtInJobsFileName = 'built-in-jobs.json';
