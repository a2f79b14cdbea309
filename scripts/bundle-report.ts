/**
 * What each prerendered page makes the browser download to start: the entry
 * script and the chunks its loader preloads, and the render-blocking
 * stylesheets, read from the built HTML, with their gzip and brotli sizes. Used by the size
 * budget in `npm test` and by `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { servedAt, type PageManifest } from '../server/documents/page-manifest';

export interface FileSize {
  file: string;
  /** The source the chunk was built from, where it has one (Vite's manifest). */
  source: string | null;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface PageBundle {
  path: string;
  lng: string;
  pageFile: string;
  scripts: FileSize[];
  styles: FileSize[];
}

export interface Totals {
  raw: number;
  gzip: number;
  brotli: number;
}

/** The budgets of docs/decisions/0015-islands-of-react.md, in bytes (gzip). */
export const budgets = {
  homeInitialJsHardLimit: 150 * 1024,
  homeInitialJsGoal: 110 * 1024,
  islandChunk: 10 * 1024,
  languageTexts: 8 * 1024,
  renderBlockingCss: 15 * 1024,
} as const;

interface ViteManifestChunk {
  file: string;
  src?: string;
}

export function total(files: readonly FileSize[]): Totals {
  return files.reduce(
    (sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip, brotli: sum.brotli + file.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
}

/** Reads the built site in `distDir` and lists, per page and language, the files it loads at once. */
export function measurePages(distDir: string): PageBundle[] {
  const clientDir = path.join(distDir, 'client');
  const viteManifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ViteManifestChunk
  >;
  const sources = new Map(Object.values(viteManifest).map((chunk) => [chunk.file, chunk.src ?? null]));
  const sizes = new Map<string, FileSize>();
  const measure = (url: string): FileSize => {
    const file = url.replace(/^\//, '');
    const known = sizes.get(file);
    if (known) return known;
    const content = readFileSync(path.join(clientDir, file));
    const size: FileSize = {
      file,
      source: sources.get(file) ?? null,
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(file, size);
    return size;
  };

  const pageManifest = JSON.parse(readFileSync(path.join(distDir, 'pages/manifest.json'), 'utf8')) as PageManifest;
  return (
    pageManifest.pages
      // HTML pages served now: not a news feed, nor a news page as it is before or after another date.
      .filter((page) => page.path !== null && Object.keys(page.variant).length === 0)
      .filter((page) => page.type === undefined && servedAt(page, Date.now()))
      .map((page) => {
        const html = readFileSync(path.join(distDir, 'pages', page.file), 'utf8');
        const attribute = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] ?? '');
        // The app loader (scripts/prerender.ts) imports the entry and preloads the page's chunks.
        const entry = /\bimport\("(\/assets\/[^"]+)"\)/.exec(html)?.[1];
        const chunks = JSON.parse(/(\["\/assets\/[^\]]*\])\.forEach/.exec(html)?.[1] ?? '[]') as string[];
        if (!entry) throw new Error(`${page.file} has no app loader`);
        const scripts = [entry, ...chunks];
        const styles = attribute(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g);
        return {
          path: page.path ?? '',
          lng: page.lng,
          pageFile: page.file,
          scripts: scripts.map(measure),
          styles: styles.map(measure),
        };
      })
  );
}

/** Chunks holding translation texts (src/content/locales/<lng>/…). */
export const isTexts = (file: FileSize) => file.source?.startsWith('src/content/locales/') ?? false;

/** The chunk of an island (src/app/islands/<name>.tsx): the code one interactive part of a page adds. */
export const isIslandChunk = (file: FileSize) => /^src\/app\/islands\/.+\.tsx$/.test(file.source ?? '');

/** The language of a chunk of texts (translations or job listings), or null for code. */
export function textsLanguage(file: FileSize): string | null {
  return (
    /^src\/content\/(?:locales\/([a-z]{2})\/|jobs\/jobs-([a-z]{2})\.ts$)/
      .exec(file.source ?? '')
      ?.slice(1)
      .find(Boolean) ?? null
  );
}

/** Texts of the legal pages, which the home page must never load. */
export const isLegalTexts = (file: FileSize) =>
  /^src\/content\/locales\/[a-z]{2}\/(privacy|terms|legal)\.json$/.test(file.source ?? '');

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
