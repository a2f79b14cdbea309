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
