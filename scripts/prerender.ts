/**
 * Renders every page in every language to static HTML (docs/contract.md#the-system).
 * Input: the client build (dist/client, with its manifest) and the prerender
 * bundle (dist/prerender). Output: dist/pages/<lng>/<page>[.<variant>].html and
 * dist/pages/manifest.json, which the server loads at start.
 */
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { languageCodes, type Language } from '../common/languages';
import type { PageVariant } from '../common/page-urls';
import { newsEntryPath, publicationTimes } from '../common/news';
import { localizedPath } from '../common/page-urls';
import { findPage, sitePages, statusPages, type SitePage } from '../common/site-pages';
import { builtInJobsFileName, type PageManifest, type PageManifestEntry } from '../server/documents/page-manifest';
import { buildDir } from './build-dir';
import { pictureCacheDir } from './pictures/picture-cache';
import { sharePictureMaker } from './pictures/share-pictures';
import { assemblePage, assemblyFileName, type PageAssembly } from '../server/documents/page-assembly';
import type * as PrerenderEntry from '../src/app/entry-prerender';
import type { NewsPagePlan } from '../src/app/news-pages';

type PrerenderModule = typeof PrerenderEntry;
type StatusPage = (typeof statusPages)[number];

interface ViteManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type ViteManifest = Record<string, ViteManifestChunk>;

const root = path.resolve(import.meta.dirname, '..');
const distDir = buildDir();
const pagesDir = path.join(distDir, 'pages');

/** Every file a chunk needs before it runs: itself and its static imports. */
function chunkFiles(manifest: ViteManifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(manifest, imported, seen))];
}

function variantSuffix(variant: PageVariant): string {
  const parts = Object.entries(variant).map(([key, value]) => `${key}-${value}`);
  return parts.length ? `.${parts.join('.')}` : '';
}

/** A news (or home) page as the build renders it, with the time it is served from and until. */
interface TimedNewsPage {
  plan: NewsPagePlan;
  /** The time it is rendered for: the build's, or the later entry's date it starts at. */
  at: number;
  from: number | null;
  until: number | null;
}

/**
 * The news section's pages at the build's time and at each later entry's date: a page is
 * rendered again only where what it shows changes then, and each rendering knows from when
 * until when it is the one served (docs/decisions/0046-news-entries.md).
 */
function timedNewsPages(entry: PrerenderModule, buildTime: number): TimedNewsPage[] {
  const times = [buildTime, ...publicationTimes(entry.newsEntries, buildTime)];
  const current = new Map<string, TimedNewsPage>();
  const done: TimedNewsPage[] = [];
  for (const [index, at] of times.entries()) {
    const seen = new Set<string>();
    for (const plan of entry.newsPagesAt(at)) {
      const address = `${plan.lng} ${plan.path}`;
      seen.add(address);
      const shown = current.get(address);
      if (shown?.plan.key === plan.key) continue;
      if (shown) done.push({ ...shown, until: at });
      current.set(address, { plan, at, from: index === 0 ? null : at, until: null });
    }
    for (const [address, shown] of current) {
      if (seen.has(address)) continue;
      done.push({ ...shown, until: at });
      current.delete(address);
    }
  }
  return [...done, ...current.values()];
}

/** A timed page's file: its address, and the time it starts at when it is a later one. */
function newsFile({ plan, from }: TimedNewsPage, extension: 'html' | 'atom'): string {
  const name = plan.path === '/' ? 'home' : plan.path.slice(1);
  return `${plan.lng}/${name}${from === null ? '' : `.from-${from}`}.${extension}`;
}

const iso = (time: number | null) => (time === null ? undefined : new Date(time).toISOString());

/** What the manifest keeps of a timed page: its window, and for the sitemap its last change and alternates. */
function newsFields({ plan, from, until }: TimedNewsPage): Partial<PageManifestEntry> {
  return {
    ...(from === null ? {} : { from: iso(from) }),
    ...(until === null ? {} : { until: iso(until) }),
    ...(plan.lastmod ? { lastmod: plan.lastmod } : {}),
    ...(plan.alternates ? { alternates: plan.alternates } : {}),
  };
}

async function main(): Promise<void> {
  const buildTime = Date.now();
  // Vite's index.html is only the template for the pages: it must not be served itself.
  const templateFile = path.join(distDir, 'client/index.html');
  // The page's scripts start after its first paint (see appLoader in server/documents/page-assembly.ts): take out Vite's tags.
  const viteTemplate = await readFile(templateFile, 'utf8');
  const template = viteTemplate
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  await rm(templateFile);
  const manifest = JSON.parse(await readFile(path.join(distDir, 'client/.vite/manifest.json'), 'utf8')) as ViteManifest;
  const entry = (await import(
    pathToFileURL(path.join(distDir, 'prerender/entry-prerender.js')).href
  )) as PrerenderModule;
  const { headScript, pageVariants } = entry;
  const [entryFile, ...entryImports] = chunkFiles(manifest, 'index.html');
  // What the entry imports on every page besides its islands: React DOM and i18next, each evaluated on its own.
  const runtimeFiles = (manifest['index.html']?.dynamicImports ?? [])
    .filter((key) => !key.startsWith('src/app/islands/'))
    .flatMap((key) => chunkFiles(manifest, key))
    .filter((file) => file !== entryFile && !entryImports.includes(file));
  if (!entryFile) throw new Error('The client build has no entry chunk');
  const alreadyLoaded = new Set([entryFile, ...entryImports, ...runtimeFiles]);

  /** The chunks each module a page names needs, besides the entry's: its code and texts. */
  const moduleFiles: Record<string, string[]> = {};
  const assembly: PageAssembly = {
    template,
    headScript,
    entryFile,
    baseFiles: [...new Set([...entryImports, ...runtimeFiles])],
    moduleFiles,
  };
  const addModules = (modules: readonly string[]) => {
    for (const key of modules) {
      if (!manifest[key]) throw new Error(`${key} is not in the client build`);
      moduleFiles[key] ??= chunkFiles(manifest, key).filter((file) => !alreadyLoaded.has(file));
    }
  };

  const entries: PageManifestEntry[] = [];
  const makeSharePicture = sharePictureMaker({
    root,
    assetsDir: path.join(distDir, 'client/assets'),
    cacheDir: pictureCacheDir(root),
  });

  const writeFile_ = async (file: string, content: string) => {
    await mkdir(path.dirname(path.join(pagesDir, file)), { recursive: true });
    await writeFile(path.join(pagesDir, file), content);
  };

  const writePage = async (
    lng: Language,
    page: SitePage | StatusPage,
    variant: PageVariant = {},
    news?: TimedNewsPage,
  ) => {
    const sitePage = 'path' in page ? page : null;
    const { html, head, modules } = await entry.prerenderPage({
      lng,
      pageId: page.id,
      variant,
      noindex: sitePage ? !sitePage.sitemap || news?.plan.status === 410 : true,
      makeSharePicture,
      news: news?.plan.view,
      at: news?.at ?? buildTime,
    });
    addModules(modules);
    const document = assemblePage(assembly, { lng, head, html, modules });
    const file = news ? newsFile(news, 'html') : `${lng}/${page.id}${variantSuffix(variant)}.html`;
    await writeFile_(file, document);
    entries.push({
      id: page.id,
      path: news?.plan.path ?? sitePage?.path ?? null,
      lng,
      variant,
      file,
      status: news?.plan.status ?? ('status' in page ? page.status : 200),
      ...(news ? newsFields(news) : {}),
    });
  };

  // Assets only the prerendered markup refers to were emitted by the prerender build (same content hashes).
  const prerenderAssets = path.join(distDir, 'prerender/assets');
  for (const file of await readdir(prerenderAssets)) {
    if (!file.endsWith('.js'))
      await copyFile(path.join(prerenderAssets, file), path.join(distDir, 'client/assets', file));
  }

  await rm(pagesDir, { recursive: true, force: true });
  // The home and news pages as they are now and at each later entry's date (docs/decisions/0046-news-entries.md).
  for (const news of timedNewsPages(entry, buildTime)) {
    const { plan } = news;
    if (plan.kind === 'feed') {
      const file = newsFile(news, 'atom');
      await writeFile_(file, entry.renderNewsFeed(plan.lng, news.at));
      entries.push({
        id: 'news',
        path: plan.path,
        lng: plan.lng,
        variant: {},
        file,
        status: 200,
        type: 'atom',
        ...newsFields(news),
      });
    } else {
      await writePage(plan.lng, findPage(plan.kind === 'home' ? 'home' : 'news'), {}, news);
    }
  }
  for (const lng of languageCodes) {
    for (const page of sitePages) {
      if (page.id !== 'home' && page.id !== 'news') await writePage(lng, page);
      for (const variant of pageVariants(page.id)) await writePage(lng, page, variant);
    }
    for (const page of statusPages) await writePage(lng, page);
  }
  const redirects = entry.newsRedirects.map((redirect) => ({
    from: localizedPath(newsEntryPath(redirect.from), redirect.lng),
    to: localizedPath(newsEntryPath(redirect.to), redirect.lng),
  }));
  const pageManifest: PageManifest = { generatedAt: new Date(buildTime).toISOString(), pages: entries, redirects };
  await writeFile(path.join(pagesDir, 'manifest.json'), `${JSON.stringify(pageManifest, null, 2)}\n`);
  // The server renders the jobs pages of a Personio feed into the same documents (docs/decisions/0027-jobs-from-personio.md).
  await writeFile(path.join(pagesDir, assemblyFileName), JSON.stringify(assembly));
  // The built-in jobs as the pages show them: without a feed, the server announces one a release adds (job alerts).
  const builtIn = Object.fromEntries(languageCodes.map((lng) => [lng, entry.builtInJobs(lng)]));
  await writeFile(path.join(pagesDir, builtInJobsFileName), JSON.stringify(builtIn));
  console.log(`Prerendered ${entries.length} pages in ${languageCodes.length} languages.`);
}

await main();
