import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseCookie } from 'cookie';
import { apiPrefix } from '../../common/api-paths';
import {
  defaultLanguage,
  isLanguage,
  languageCodes,
  languageCookieName,
  parseAcceptLanguage,
  pickLanguage,
  type Language,
} from '../../common/languages';
import { languageOfPrefix, languageParam, localizedPath, pageAtPath, parseLocalizedPath } from '../../common/page-urls';
import { findPage, sitePages, type SitePage } from '../../common/site-pages';
import type { PageStore, RenderedPages } from '../documents/page-store';
import { sendPage, type SendPageOptions } from './send-page';

export interface PageRoutesOptions extends SendPageOptions {
  pages: PageStore;
  /** The jobs pages of a Personio feed, rendered by this server; null: the prerendered built-in ones. */
  jobPages?: RenderedPages | null;
}

/** Paths longer than this are nobody's page: they get the 404 page without being looked at further. */
const longestPath = 2048;

const isLegacyLanguageKey = (key: string) => key === languageParam || key.startsWith(`${languageParam}[`);

/**
 * The old `?lng=` (docs/contract.md#languages-and-urls: old addresses keep working): whether the address
 * has one, the language it names, and the address's other parameters.
 */
function legacyLanguage(query: URLSearchParams): { present: boolean; lng: Language | null; rest: URLSearchParams } {
  const rest = new URLSearchParams();
  let present = false;
  let lng: Language | null = null;
  for (const [key, value] of query) {
    if (!isLegacyLanguageKey(key)) rest.append(key, value);
    else {
      present = true;
      if (key === languageParam && lng === null && isLanguage(value)) lng = value;
    }
  }
  return { present, lng, rest };
}

const withQuery = (path: string, query: URLSearchParams) => (query.size ? `${path}?${query}` : path);

/** A page's address in a language; the German home with its explicit choice, since `/` alone chooses by itself. */
function explicitAddress(page: SitePage, lng: Language, query: URLSearchParams): string {
  if (page.path === '/' && lng === defaultLanguage) {
    const params = new URLSearchParams([[languageParam, lng], ...query]);
    return `/?${params}`;
  }
  return withQuery(localizedPath(page.path, lng), query);
}

/**
 * The path a visitor most likely meant, in its one right form: percent-encoded
 * letters decoded, empty and dot segments resolved, lower case, no trailing
 * slash, no prefix for German. Undefined when no page lives there.
 */
function intendedPage(rawPath: string): { page: SitePage; lng: Language; explicitGerman: boolean } | undefined {
  if (rawPath.length > longestPath) return undefined;
  const decoded = rawPath.replace(/%([0-9a-f]{2})/gi, (escape, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return /[a-z0-9._~-]/i.test(character) ? character : escape;
  });
  const segments: string[] = [];
  for (const segment of decoded.toLowerCase().split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const explicitGerman = segments[0] === defaultLanguage;
  if (explicitGerman) segments.shift();
  const found = pageAtPath(`/${segments.join('/')}`);
  return found && { ...found, explicitGerman };
}

/**
 * Serves the prerendered pages at their language's address (docs/contract.md#languages-and-urls
 * and URLs"). Only the root `/` chooses a language for the visitor; old
 * `?lng=` addresses and misspelt ones answer 301 to the one right address;
 * any other path gets the 404 page in the language of its prefix.
 */
export async function pageRoutes(
  app: FastifyInstance,
  { pages, jobPages = null, ...options }: PageRoutesOptions,
): Promise<void> {
  const queryOf = (request: FastifyRequest) => new URL(request.url, 'http://localhost').searchParams;

  const servePage = async (request: FastifyRequest, reply: FastifyReply, page: SitePage, lng: Language) => {
    const query = queryOf(request);
    const legacy = legacyLanguage(query);
    // The router decodes the path first: `/%65n/about` arrives here too, and is sent on to `/en/about`.
    const spelledRight = request.url.split('?')[0] === localizedPath(page.path, lng);
    if (legacy.present || !spelledRight) {
      return reply.redirect(explicitAddress(page, legacy.lng ?? lng, legacy.rest), 301);
    }
    const found = jobPages && page.id === 'jobs' ? await jobPages.page(lng, query) : pages.find(page.id, lng, query);
    return sendPage(request, reply, found ?? pages.notFound(lng), options);
  };

  const home = findPage('home');
  for (const lng of languageCodes) {
    for (const page of sitePages) {
      const url = localizedPath(page.path, lng);
      if (url !== home.path) app.get(url, async (request, reply) => servePage(request, reply, page, lng));
    }
  }

  /**
   * Whether the visitor came to the root by a link on one of the site's own pages: the browser
   * says so (`Sec-Fetch-Site: same-origin`), or, where it sends no such header, the Referer is on
   * this host. The site's own links to `/` are the German pages' links home
   * (docs/decisions/0051-german-home-links.md), so such a visitor stays in German whatever the
   * browser prefers; one who arrives from elsewhere, types the address or opens a bookmark gets
   * the root's choice.
   */
  const fromOwnPage = (request: FastifyRequest) => {
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string') return site === 'same-origin';
    const referer = request.headers.referer;
    if (!referer) return false;
    try {
      return new URL(referer).hostname === request.hostname;
    } catch {
      return false;
    }
  };
  // The news section's own addresses: each entry, the list's later pages and the feed, in the
  // languages they exist in (a page not yet published or no longer there: the 404 page), and
  // each renamed entry's old address (docs/decisions/0046-news-entries.md).
  const newsAddresses = new Map<string, Language>();
  for (const entry of pages.manifest.pages) {
    if (entry.id !== 'news' || entry.path === null || entry.path === findPage('news').path) continue;
    newsAddresses.set(localizedPath(entry.path, entry.lng), entry.lng);
  }
  for (const [address, lng] of newsAddresses) {
    const { path } = parseLocalizedPath(address) ?? { path: address };
    app.get(address, async (request, reply) => {
      if (request.url.split('?')[0] !== address) return reply.redirect(address, 301);
      return sendPage(request, reply, pages.findNews(lng, path) ?? pages.notFound(lng), options);
    });
  }
  for (const redirect of pages.manifest.redirects ?? []) {
    app.get(redirect.from, async (_request, reply) => reply.redirect(redirect.to, 301));
  }

  const germanHome = () =>
    pages.find(home.id, defaultLanguage, new URLSearchParams()) ?? pages.notFound(defaultLanguage);
  app.get(home.path, async (request, reply) => {
    const legacy = legacyLanguage(queryOf(request));
    // `?lng=` at the root is the visitor's explicit choice (the language menu's German entry).
    if (legacy.lng === defaultLanguage) return sendPage(request, reply, germanHome(), options);
    if (legacy.lng) return reply.redirect(explicitAddress(home, legacy.lng, legacy.rest), 301);
    if (legacy.present) return reply.redirect(withQuery(home.path, legacy.rest), 301);
    reply.header('vary', 'Accept-Language, Cookie, Sec-Fetch-Site, Referer, Accept-Encoding');
    reply.header('cache-control', 'private, no-cache');
    if (fromOwnPage(request)) return sendPage(request, reply, germanHome(), { ...options, negotiated: true });
    const lng = pickLanguage([
      parseCookie(request.headers.cookie ?? '')[languageCookieName],
      ...parseAcceptLanguage(request.headers['accept-language']),
    ]);
    if (lng !== defaultLanguage) return reply.redirect(withQuery(localizedPath(home.path, lng), legacy.rest), 302);
    return sendPage(request, reply, germanHome(), { ...options, negotiated: true });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith(apiPrefix);
    if (!wantsPage) return reply.code(404).send({ success: false, error: 'not_found' });
    const [rawPath = '/'] = request.url.split('?');
    const intended = intendedPage(rawPath);
    if (intended) {
      const legacy = legacyLanguage(queryOf(request));
      const lng = legacy.lng ?? intended.lng;
      const explicit = intended.explicitGerman || legacy.present;
      const target =
        explicit || intended.page.path !== '/'
          ? explicitAddress(intended.page, lng, legacy.rest)
          : withQuery(localizedPath(intended.page.path, lng), legacy.rest);
      return reply.redirect(target, 301);
    }
    return sendPage(request, reply, pages.notFound(languageOfPrefix(rawPath)), options);
  });
}
