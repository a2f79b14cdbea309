import type { Language } from '../../common/languages';
import type { PageVariant } from '../../common/page-urls';

/** One prerendered HTML file (written by scripts/prerender.ts). */
export interface PageManifestEntry {
  /** The route, or null for the page-not-found screen. */
  path: string | null;
  lng: Language;
  variant: PageVariant;
  /** Relative to dist/pages. */
  file: string;
  status: 200 | 404;
}

export interface PageManifest {
  generatedAt: string;
  pages: PageManifestEntry[];
}
