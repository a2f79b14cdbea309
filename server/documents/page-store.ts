import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FormResult } from '../../common/form-results';
import type { Language } from '../../common/languages';
import { fillPagePlaceholders, type PageSettings } from '../../common/page-placeholders';
import type { PageVariant } from '../../common/page-urls';
import { findPage, type PageId, type SitePageId, type StatusPageId } from '../../common/site-pages';
import {
  addBrotli,
  encodeBody,
  encodeBodyAsync,
  type ContentEncoding,
  type EncodedBody,
} from '../http/content-encoding';
import { inlineScriptHashes } from './inline-script-hashes';
import { servedAt, type PageManifest, type PageManifestEntry } from './page-manifest';

export interface StoredPage {
  entry: PageManifestEntry;
  body: EncodedBody;
  /** One per encoding: a cache must not take the gzip bytes for the brotli ones. */
  etag: Record<ContentEncoding, string>;
  /** CSP hashes of the page's inline scripts, as served. */
  scriptHashes: string[];
}

/** Pages the server renders while it runs (the jobs pages of a Personio feed), served in place of the built ones. */
export interface RenderedPages {
  /** The page for the address's query; undefined where there is none (the caller's 404). */
  page(lng: Language, query: URLSearchParams): Promise<StoredPage | undefined>;
}

function storedPage(entry: PageManifestEntry, html: string, body: EncodedBody): StoredPage {
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  return {
    entry,
    body,
    etag: { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` },
    scriptHashes: inlineScriptHashes(html),
  };
}

/** A page's document filled in for the settings and the year, compressed, as it is served. */
export function storePage(
  entry: PageManifestEntry,
  template: string,
  settings: PageSettings & { year: number },
): StoredPage {
  const html = fillPagePlaceholders(template, settings);
  return storedPage(entry, html, encodeBody(html));
}

/** The same, compressed in the thread pool: for a page made while the instance serves. */
export async function storePageAsync(
  entry: PageManifestEntry,
  template: string,
  settings: PageSettings & { year: number },
): Promise<StoredPage> {
  const html = fillPagePlaceholders(template, settings);
  return storedPage(entry, html, await encodeBodyAsync(html));
}

const variantKey = (variant: PageVariant) =>
  Object.entries(variant)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');

/**
 * Every prerendered page, with its settings filled in and compressed, in memory. An address
 * may have several renderings, each served in its own window of time (a news page as it is
 * now and as it will be at a later entry's date): the one whose window holds now is served.
 */
export class PageStore {
  private readonly pages = new Map<string, StoredPage[]>();
  private year = 0;

  private constructor(
    readonly manifest: PageManifest,
    private readonly templates: ReadonlyMap<PageManifestEntry, string>,
    private readonly settings: PageSettings,
    private readonly now: () => Date,
  ) {}

  static async load(pagesDir: string, settings: PageSettings, now: () => Date = () => new Date()): Promise<PageStore> {
    const manifestFile = path.join(pagesDir, 'manifest.json');
    let manifest: PageManifest;
    try {
      manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as PageManifest;
    } catch {
      throw new Error(`No prerendered pages in ${pagesDir}: run "npm run build" first.`);
    }
    const templates = new Map(
      await Promise.all(
        manifest.pages.map(async (entry) => [entry, await readFile(path.join(pagesDir, entry.file), 'utf8')] as const),
      ),
    );
    const store = new PageStore(manifest, templates, settings, now);
    store.fill();
    return store;
  }

  /** Fills every page in for the current year and compresses it: at start, and again when a new year begins. */
  private fill(): void {
    this.year = this.now().getFullYear();
    this.pages.clear();
    for (const [entry, template] of this.templates) {
      const key = PageStore.key(entry.id, entry.lng, entry.path, entry.variant);
      const stored = storePage(entry, template, { ...this.settings, year: this.year });
      this.pages.set(key, [...(this.pages.get(key) ?? []), stored]);
    }
    // One page at a time, leaving the other threads of the pool to file access. Should brotli fail, gzip is served.
    const pages = [...this.pages.values()].flat();
    void (async () => {
      for (const page of pages) await addBrotli(page.body);
    })().catch(() => {});
  }

  private page(key: string): StoredPage | undefined {
    const now = this.now();
    if (now.getFullYear() !== this.year) this.fill();
    return this.pages.get(key)?.find((page) => servedAt(page.entry, now.getTime()));
  }

  private static key(id: PageId, lng: Language, path: string | null, variant: PageVariant): string {
    return `${lng} ${id} ${path ?? ''} ${variantKey(variant)}`;
  }

  /** Every rendering of every page in every language, filled in (for the files nginx serves), whatever its window. */
  all(): StoredPage[] {
    if (this.now().getFullYear() !== this.year) this.fill();
    return [...this.pages.values()].flat();
  }

  /** The page served now at a path of the news section (`/news/<slug>`, `/news/page/2`, the feed) in a language. */
  findNews(lng: Language, path: string): StoredPage | undefined {
    return this.page(PageStore.key('news', lng, path, {}));
  }

  /**
   * The page in a language; among its variants, the one whose parameters all
   * appear in `query` (such as one job on /jobs); undefined for a variant's
   * parameter with a value no variant has.
   */
  find(id: SitePageId, lng: Language, query: URLSearchParams): StoredPage | undefined {
    const candidates = this.manifest.pages.filter(
      (entry) => entry.id === id && entry.lng === lng && Object.keys(entry.variant).length > 0,
    );
    const variant = candidates.find((entry) =>
      Object.entries(entry.variant).every(([key, value]) => query.get(key) === value),
    );
    // A variant that was never built (a job id that never existed) is no page: the caller answers 404.
    if (!variant && candidates.some((entry) => Object.keys(entry.variant).some((key) => query.has(key))))
      return undefined;
    return this.page(PageStore.key(id, lng, findPage(id).path, variant?.variant ?? {}));
  }

  /** The page that says what became of a form the browser sent itself (common/form-results.ts). */
  formResult(result: FormResult, lng: Language): StoredPage {
    const page = this.page(PageStore.key('form-result', lng, findPage('form-result').path, { status: result }));
    if (!page) throw new Error(`The form result ${result} was not prerendered for ${lng}`);
    return page;
  }

  /** A page without an address of its own: the page-not-found screen, or the one saying the site is unavailable. */
  statusPage(id: StatusPageId, lng: Language): StoredPage {
    const page = this.page(PageStore.key(id, lng, null, {}));
    if (!page) throw new Error(`The ${id} page was not prerendered for ${lng}`);
    return page;
  }

  notFound(lng: Language): StoredPage {
    return this.statusPage('not-found', lng);
  }
}
