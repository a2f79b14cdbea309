import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '../../common/languages';
import type { PageVariant } from '../../common/page-urls';
import { addBrotli, encodeBody, type ContentEncoding, type EncodedBody } from '../http/content-encoding';
import { inlineScriptHashes } from './inline-script-hashes';
import type { PageManifest, PageManifestEntry } from './page-manifest';

/** The token the prerenderer leaves where the public base address belongs. */
const siteUrlPlaceholder = '__SITE_URL__';

/** The attribute that tells the browser which analytics script it may load after consent. */
const analyticsAttribute = ' data-analytics-src="__ANALYTICS_SCRIPT_URL__"';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * Fills in the settings a page needs: SITE_URL, and ANALYTICS_SCRIPT_URL with
 * ANALYTICS_SCRIPT_INTEGRITY, or no analytics attribute at all.
 */
export function fillPagePlaceholders(html: string, siteUrl: string, analyticsScriptUrl: string | null, analyticsScriptIntegrity: string | null = null): string {
  const integrity = analyticsScriptIntegrity ? ` data-analytics-integrity="${escapeAttribute(analyticsScriptIntegrity)}"` : '';
  const analytics = analyticsScriptUrl ? ` data-analytics-src="${escapeAttribute(analyticsScriptUrl)}"${integrity}` : '';
  return html.replace(analyticsAttribute, analytics).replaceAll(siteUrlPlaceholder, siteUrl);
}

export interface StoredPage {
  entry: PageManifestEntry;
  body: EncodedBody;
  /** One per encoding: a cache must not take the gzip bytes for the brotli ones. */
  etag: Record<ContentEncoding, string>;
  /** CSP hashes of the page's inline scripts, as served. */
  scriptHashes: string[];
}

const variantKey = (variant: PageVariant) =>
  Object.entries(variant)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');

/** Every prerendered page, with its settings filled in and compressed, in memory. */
export class PageStore {
  private readonly pages = new Map<string, StoredPage>();

  private constructor(readonly manifest: PageManifest) {}

  static async load(
    pagesDir: string,
    siteUrl: string,
    analyticsScriptUrl: string | null = null,
    analyticsScriptIntegrity: string | null = null,
  ): Promise<PageStore> {
    const manifestFile = path.join(pagesDir, 'manifest.json');
    let manifest: PageManifest;
    try {
      manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as PageManifest;
    } catch {
      throw new Error(`No prerendered pages in ${pagesDir}: run "npm run build" first.`);
    }
    const store = new PageStore(manifest);
    await Promise.all(
      manifest.pages.map(async (entry) => {
        const prerendered = await readFile(path.join(pagesDir, entry.file), 'utf8');
        const html = fillPagePlaceholders(prerendered, siteUrl, analyticsScriptUrl, analyticsScriptIntegrity);
        const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
        const etag = { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` };
        store.pages.set(PageStore.key(entry.path, entry.lng, entry.variant), {
          entry,
          body: encodeBody(html),
          etag,
          scriptHashes: inlineScriptHashes(html),
        });
      }),
    );
    // One page at a time, leaving the other threads of the pool to file access. Should brotli fail, gzip is served.
    void (async () => {
      for (const page of store.pages.values()) await addBrotli(page.body);
    })().catch(() => {});
    return store;
  }

  private static key(pagePath: string | null, lng: Language, variant: PageVariant): string {
    return `${lng} ${pagePath ?? '404'} ${variantKey(variant)}`;
  }

  /**
   * The page for a route and language; among its variants, the one whose
   * parameters all appear in `query` (such as one job on /jobs).
   */
  find(pagePath: string, lng: Language, query: URLSearchParams): StoredPage | undefined {
    const candidates = this.manifest.pages.filter(
      (entry) => entry.path === pagePath && entry.lng === lng && Object.keys(entry.variant).length > 0,
    );
    const variant = candidates.find((entry) =>
      Object.entries(entry.variant).every(([key, value]) => query.get(key) === value),
    );
    return this.pages.get(PageStore.key(pagePath, lng, variant?.variant ?? {}));
  }

  notFound(lng: Language): StoredPage {
    const page = this.pages.get(PageStore.key(null, lng, {}));
    if (!page) throw new Error(`The page-not-found screen was not prerendered for ${lng}`);
    return page;
  }
}
