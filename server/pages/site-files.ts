import { mkdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { languageParam, localizedPath } from '../../common/page-urls';
import { findPage } from '../../common/site-pages';
import { addBrotli, type EncodedBody } from '../http/content-encoding';
import { errorCode } from '../http/error-handler';
import {
  contentSecurityPolicy,
  securityHeaders,
  svgContentSecurityPolicy,
  type AnalyticsSources,
} from '../http/security-headers';
import { servedAt, type PageManifestEntry, type PageRedirect } from '../documents/page-manifest';
import type { PageStore, StoredPage } from '../documents/page-store';

/**
 * Every page as a file with its final bytes, so nginx (or a CDN's origin) can
 * serve the site without an instance (docs/contract.md#the-system: a page is a file), and the
 * nginx settings that serve them with the headers an instance sends
 * (docs/decisions/0026-the-language-in-the-address.md).
 *
 *   <dir>/about.html, en/about.html, en.html, en/jobs.job-job-001.html …   each page, with its .gz and .br
 *   <dir>/_site/not-found.en.html, unavailable.en.html, root.html, unavailable.json
 *   <dir>/_site/gone/en/news/<slug>.html   a withdrawn news entry's page, which nginx sends with 410 at its address
 *   <dir>/nginx/pages.conf     maps for nginx's http context: request → file, withdrawn address → its 410 page,
 *                              file → CSP and language, and the folders of the release these files belong to
 *   <dir>/nginx/headers.conf   the security headers every answer carries
 *   <dir>/admin/index.html, nginx/admin.conf   the editor's page and its headers (server/admin/admin-page.ts)
 *   <dir>/site.json            the settings the files were written for
 */

/** The folder of files that only nginx's error handling reaches (never a page's address). */
export const internalFolder = '_site';
/** The German home, served by nginx for `/` while no instance answers. */
export const rootFallbackFile = `/${internalFolder}/root.html`;
/** What an API client gets from nginx while no instance answers: the JSON error of docs/contract.md#api-answers. */
export const unavailableJsonFile = `/${internalFolder}/unavailable.json`;
/**
 * The refusals nginx answers itself (a request it cannot read, a method a file does not take, a body, a path
 * or a header too long), each with the status and JSON error of docs/contract.md#api-answers an instance
 * answers it with, at `refusalFile(status)` (deploy/nginx/westbridge.conf's error_page names them by
 * `$status`). Where nginx's own code is none a client knows, the example answers an instance's instead:
 * a header over its buffers (494) 431, plain http to the https port (497), a transfer coding (501) or an
 * HTTP version (505) it does not know 400.
 */
export const nginxRefusals = [400, 405, 413, 414, 431] as const;
export const refusalFile = (status: number) => `/${internalFolder}/refused-${status}.json`;

export interface SiteFileSettings {
  siteUrl: string;
  https: boolean;
  analytics: AnalyticsSources | null;
  /** JOBS_FEED_URL is set: the jobs pages are the instances' (rendered from the feed), never files. */
  jobsFromInstances?: boolean;
  /** Written into site.json, so an instance can tell files written for other settings. */
  describe: Record<string, string | null>;
}

const safeValue = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * A page's file: its address as a path with `.html`; a variant's parameters added; status pages in the
 * internal folder, a withdrawn entry's (410) there below `gone/` at its address, never at the address itself,
 * where nginx would send it with 200.
 */
export function siteFile(entry: PageManifestEntry): string {
  if (entry.path === null) return `/${internalFolder}/${entry.id}.${entry.lng}.html`;
  const address = localizedPath(entry.path, entry.lng);
  if (entry.status === 410) return `/${internalFolder}/gone${address}.html`;
  // The news feed: nginx sends a .atom file as application/atom+xml (its mime.types).
  if (entry.type === 'atom') return address.replace(/\.xml$/, '.atom');
  const variant = Object.entries(entry.variant)
    .map(([key, value]) => {
      if (!safeValue.test(key) || !safeValue.test(value))
        throw new Error(`Page variant ${key}=${value} is no file name`);
      return `.${key}-${value}`;
    })
    .join('');
  return `${address === '/' ? '/index' : address}${variant}.html`;
}

/** Where a release's files are: its page files (`dist/site`) and its built assets (`dist/client`), as absolute paths. */
export interface SiteFolders {
  site: string;
  client: string;
}

/** nginx's quoting for a map's key or value. */
const quoted = (value: string) => `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;

/** The policy of a file: the hashes of the inline scripts of every rendering it may hold (a news page's now and later). */
function csp(renderings: readonly StoredPage[], settings: SiteFileSettings): string {
  return contentSecurityPolicy({
    scriptHashes: [...new Set(renderings.flatMap((page) => page.scriptHashes))],
    analytics: settings.analytics,
    https: settings.https,
  });
}

/** The pages written as files: those at their address, the status pages, and the 410 of each withdrawn news entry. */
const servedAsFile = (page: StoredPage) => [200, 410].includes(page.entry.status) || page.entry.path === null;
/** A withdrawn news entry's page, which nginx answers its address with (status 410). */
const gone = (page: StoredPage) => page.entry.status === 410 && page.entry.path !== null;

/**
 * The maps nginx needs, for its http context. A page is served from its file only
 * when asked for by GET or HEAD at its one right address (raw, not normalised by
 * nginx) with no `?lng=` and the variant's parameters: everything else goes to
 * an instance, which redirects, renders or refuses as it does without nginx.
 */
export function nginxPagesConf(
  pages: readonly StoredPage[],
  settings: SiteFileSettings,
  folders: SiteFolders,
  redirects: readonly PageRedirect[],
  /** The parameters that choose one of the jobs pages (`job`), from the build's variants of them. */
  jobsKeys: readonly string[],
): string {
  const variantKeys = [...new Set(pages.flatMap((page) => Object.keys(page.entry.variant)))].sort();
  const keyOf = (entry: PageManifestEntry) =>
    [localizedPath(entry.path ?? '', entry.lng), '', ...variantKeys.map((key) => entry.variant[key] ?? '')].join('|');
  // One line per file, whichever of its renderings is written now: a news page dated later is mapped
  // already, and nginx passes its address to an instance (404) until the file is there.
  const byFile = new Map<string, StoredPage[]>();
  for (const page of pages.filter(servedAsFile))
    byFile.set(siteFile(page.entry), [...(byFile.get(siteFile(page.entry)) ?? []), page]);
  const firsts = [...byFile.values()].map((renderings) => renderings[0] as StoredPage);
  const addressed = firsts.filter(
    (page) =>
      page.entry.status === 200 && page.entry.path !== null && localizedPath(page.entry.path, page.entry.lng) !== '/',
  );
  const homes = pages.filter((page) => page.entry.id === 'home' && page.entry.lng === defaultLanguage);
  const otherLanguages = languageCodes.filter((lng) => lng !== defaultLanguage).join('|');
  const files = [...byFile.entries(), ...(homes.length ? [[rootFallbackFile, homes] as const] : [])];
  const indent = (lines: string[]) => lines.map((line) => `    ${line}`).join('\n');
  const jobsPath = findPage('jobs').path;
  return `# Written by \`westbridge write-site\` (npm run write-site) for ${settings.siteUrl}: do not edit. Include it in nginx's http context
# (deploy/nginx/westbridge.conf does). It is part of the files it describes: write both again together.

# Room for the maps below, whose keys are pages' addresses (set nowhere else in nginx's http context).
map_hash_bucket_size 128;
map_hash_max_size 4096;

# The path as the visitor sent it: "/en//about" and "/%65n/about" are not "/en/about" here.
map $request_uri $westbridge_request_path {
    "~^(?<path>[^?]*)" $path;
}

# The folders of the release these files belong to, for nginx's "root". nginx reads them at a (re)load only:
# pointing /srv/westbridge/current at another release changes nothing until the reload, so nginx never serves
# one release's pages with another's headers, nor its pages without their assets.
map $host $westbridge_site_root {
    default ${quoted(folders.site)};
}
map $host $westbridge_client_root {
    default ${quoted(folders.client)};
}

# Where plain http sends a visitor: SITE_URL's host over https, whatever Host the request named.
map $host $westbridge_https_origin {
    default ${quoted(`https://${new URL(settings.siteUrl).host}`)};
}

# The page file for a request, or "" (then an instance answers).
map "$request_method $westbridge_request_path|$arg_${languageParam}|${variantKeys.map((key) => `$arg_${key}`).join('|')}" $westbridge_page {
    default "";
${indent(addressed.flatMap((page) => ['GET', 'HEAD'].map((method) => `${quoted(`${method} ${keyOf(page.entry)}`)} ${siteFile(page.entry)};`)))}
}

# Each file's Content-Security-Policy, with the hashes of its inline scripts; an SVG's lets it draw and nothing
# more; other files get the policy without any.
map $uri $westbridge_csp {
    default ${quoted(contentSecurityPolicy({ analytics: settings.analytics, https: settings.https }))};
    "~*\\.svg$" ${quoted(svgContentSecurityPolicy)};
${indent(files.map(([file, renderings]) => `${quoted(file)} ${quoted(csp(renderings, settings))};`))}
}

map $uri $westbridge_content_language {
    default "";
${indent(files.map(([file, [page]]) => `${quoted(file)} ${page?.entry.lng ?? defaultLanguage};`))}
}

# A withdrawn news entry's address, asked for by GET or HEAD with any query (as an instance answers it): the file of
# the page saying so, which nginx sends with 410 (deploy/nginx/westbridge.conf: return 410, error_page 410).
map "$request_method $westbridge_request_path" $westbridge_gone {
    default "";
${indent(firsts.filter(gone).flatMap((page) => ['GET', 'HEAD'].map((method) => `${quoted(`${method} ${localizedPath(page.entry.path ?? '', page.entry.lng)}`)} ${siteFile(page.entry)};`)))}
}

# Old addresses that answer 301 to their page's address now: a news entry's renamed slug.
map $westbridge_request_path $westbridge_redirect {
    default "";
${indent(redirects.map((redirect) => `${quoted(redirect.from)} ${quoted(redirect.to)};`))}
}

# The jobs pages of a Personio feed, in every language, by the parameters that choose one: nginx keeps their
# answers to send while no instance answers (deploy/nginx/westbridge.conf, proxy_cache;
# docs/decisions/0047-jobs-pages-without-instances.md). "" for any other request: nothing kept.
map $westbridge_request_path $westbridge_cache_key {
    default "";
${indent(languageCodes.map((lng) => `${quoted(localizedPath(jobsPath, lng))} ${quoted(`${localizedPath(jobsPath, lng)}?${jobsKeys.map((key) => `${key}=$arg_${key}`).join('&')}`)};`))}
}
map $westbridge_cache_key $westbridge_uncached {
    "" 1;
    default "";
}

# The language of a request's answer when no instance gives one: its path's prefix, else the page it was sent from.
map "$westbridge_request_path $http_referer" $westbridge_language {
    default ${defaultLanguage};
    "~^/(?<lng>${otherLanguages})(/| )" $lng;
    "~ https?://[^/]+/(?<lng>${otherLanguages})(/|\\?|#|$)" $lng;
}

# What nginx answers while no instance does: JSON to the API and the app's requests, else the page in its language.
map "$request_method:$content_type:$westbridge_request_path" $westbridge_unavailable {
    default /${internalFolder}/unavailable.$westbridge_language.html;
    "~^[A-Z]+:application/json" ${unavailableJsonFile};
    "~^[A-Z]+:[^:]*:/(api/|healthz$)" ${unavailableJsonFile};
}
`;
}

/** The headers every answer carries (server/http/security-headers.ts), as nginx directives. */
export function nginxHeadersConf(settings: SiteFileSettings): string {
  const lines = Object.entries(securityHeaders({ https: settings.https }))
    .filter(([name]) => name !== 'content-security-policy')
    .map(([name, value]) => `add_header ${name} ${quoted(value)} always;`);
  return [
    '# Written by `westbridge write-site` (npm run write-site): the security headers of every answer (server/http/security-headers.ts).',
    '# Include it wherever nginx answers itself, beside the Content-Security-Policy.',
    'add_header Content-Security-Policy $westbridge_csp always;',
    ...lines,
    '',
  ].join('\n');
}

interface SiteRecord {
  year: number;
  settings: Record<string, string | null>;
}

/** What writes the files again: the operator's command in production, npm's in a checkout (docs/operations.md, "Production install"). */
const writeSiteAgain =
  'run "westbridge write-site" and "systemctl reload nginx" (in a checkout: npm run write-site with this instance\'s settings, then reload nginx).';

/**
 * What an instance should tell the operator about the files nginx serves: written for other
 * settings, or in an earlier year (the footer's year). Nothing when there are none (no nginx).
 */
export async function siteFilesWarning(
  dir: string,
  settings: SiteFileSettings,
  now: Date = new Date(),
): Promise<string | null> {
  let record: SiteRecord;
  try {
    record = JSON.parse(await readFile(path.join(dir, 'site.json'), 'utf8')) as SiteRecord;
  } catch {
    return null;
  }
  const differing = Object.entries(settings.describe)
    .filter(([name, value]) => (record.settings[name] ?? null) !== value)
    .map(([name]) => name);
  if (differing.length > 0) {
    return `The page files in ${dir} were written for other settings (${differing.join(', ')}): ${writeSiteAgain}`;
  }
  if (record.year !== now.getFullYear()) {
    return `The page files in ${dir} show the year ${record.year}: ${writeSiteAgain}`;
  }
  return null;
}

/**
 * Writes every page with its final bytes into `folders.site`, replacing what was there
 * at once (a new folder renamed into place), so nginx never serves half a site.
 */
/** A further file written with the pages, by its path in the folder: the editor's page at /admin/ and its nginx headers. */
export interface MoreSiteFile {
  file: string;
  content: string;
}

export async function writeSiteFiles(
  store: PageStore,
  folders: SiteFolders,
  settings: SiteFileSettings,
  now: Date = new Date(),
  more: readonly MoreSiteFile[] = [],
): Promise<{ pages: number }> {
  // nginx reads these folders from pages.conf: the real ones, not a path through the "current" link.
  await mkdir(path.dirname(folders.site), { recursive: true });
  const dir = path.join(await realpath(path.dirname(folders.site)), path.basename(folders.site));
  const real = { site: dir, client: await realpath(folders.client) };
  const staging = `${dir}.writing-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  // With a Personio feed, no file may answer for a jobs page: nginx passes them to an instance.
  const pages = store.all().filter((page) => !(settings.jobsFromInstances && page.entry.id === 'jobs'));
  // A news page dated later is no file until its date: nginx serves any file there is (docs/decisions/0046-news-entries.md).
  const written = pages.filter((page) => servedAsFile(page) && servedAt(page.entry, now.getTime()));
  const write = async (file: string, content: Buffer | string) => {
    const target = path.join(staging, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  };
  // nginx sends the .br or .gz beside a file (brotli_static, gzip_static): both at their best quality,
  // made in the thread pool.
  const writePage = async (file: string, body: EncodedBody) => {
    const br = await addBrotli(body);
    await write(file, body.identity);
    await write(`${file}.gz`, body.gzip);
    await write(`${file}.br`, br);
  };
  await Promise.all(written.map((page) => writePage(siteFile(page.entry), page.body)));
  const home = written.find((page) => page.entry.id === 'home' && page.entry.lng === defaultLanguage);
  if (!home) throw new Error('The German home page was not prerendered');
  await writePage(rootFallbackFile, home.body);
  await write(unavailableJsonFile, JSON.stringify({ success: false, error: 'unavailable' }));
  for (const status of nginxRefusals) {
    await write(refusalFile(status), JSON.stringify({ success: false, error: errorCode(status) }));
  }
  const jobsKeys = [
    ...new Set(store.all().flatMap((page) => (page.entry.id === 'jobs' ? Object.keys(page.entry.variant) : []))),
  ].sort();
  await write('nginx/pages.conf', nginxPagesConf(pages, settings, real, store.manifest.redirects ?? [], jobsKeys));
  await write('nginx/headers.conf', nginxHeadersConf(settings));
  for (const { file, content } of more) await write(file, content);
  await write(
    'site.json',
    `${JSON.stringify({ writtenAt: now.toISOString(), year: now.getFullYear(), settings: settings.describe, published: publishedKey(store, now) }, null, 2)}\n`,
  );
  const previous = `${dir}.previous-${process.pid}`;
  await rm(previous, { recursive: true, force: true });
  await rename(dir, previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(staging, dir);
  await rm(previous, { recursive: true, force: true });
  return { pages: written.length };
}

/**
 * Which renderings of the timed pages are served at `now` (the news published by then): the
 * files need writing again when it differs from the one they were written with.
 */
export function publishedKey(store: PageStore, now: Date): string {
  return store.manifest.pages
    .filter((entry) => entry.from !== undefined || entry.until !== undefined)
    .map((entry) => (servedAt(entry, now.getTime()) ? '1' : '0'))
    .join('');
}

/**
 * Whether the files in `dir` show what is published at `now`, in its year: false when a news
 * entry's date has come since they were written, a new year began (the footer's), or they were
 * written by a build without this record.
 */
export async function siteFilesPublishedNow(dir: string, store: PageStore, now: Date = new Date()): Promise<boolean> {
  try {
    const record = JSON.parse(await readFile(path.join(dir, 'site.json'), 'utf8')) as SiteRecord & {
      published?: string;
    };
    return record.published === publishedKey(store, now) && record.year === now.getFullYear();
  } catch {
    return false;
  }
}
