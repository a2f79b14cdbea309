import { defaultLanguage, isLanguage, languageCodes, type Language } from './languages.ts';
import { findPage, findPageByPath, type SitePage, type SitePageId } from './site-pages.ts';

/**
 * Page addresses (docs/contract.md#languages-and-urls): German pages at their own
 * path, every other language under `/<lng>` (`/en`, `/en/about`). The URL
 * alone decides a page's language; only the site root `/` chooses one.
 */

/** Query parameters that select a page variant, such as `job` on /jobs. */
export type PageVariant = Readonly<Record<string, string>>;

/** The legacy language parameter (`/about?lng=en`), and the root's explicit choice (`/?lng=de`). */
export const languageParam = 'lng';

/** A variant as a query string: `?job=job-002`, or '' for none. */
export function searchOf(variant: PageVariant): string {
  const query = new URLSearchParams(variant).toString();
  return query ? `?${query}` : '';
}

/** A page path in a language: `/about` → `/en/about`; `/` → `/en`; German unchanged. */
export function localizedPath(path: string, lng: Language): string {
  if (lng === defaultLanguage) return path;
  return path === '/' ? `/${lng}` : `/${lng}${path}`;
}

/**
 * The language and page path of a request path in its one right form
 * (`/en/about` → en, `/about`; `/about` → de, `/about`), or null for any
 * other path. Only exact forms are recognised: no prefix for German, no
 * trailing slash, lower case.
 */
export function parseLocalizedPath(pathname: string): { lng: Language; path: string } | null {
  const prefixed = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  const prefix = prefixed?.[1];
  if (prefix !== undefined && prefix !== defaultLanguage && isLanguage(prefix)) {
    const rest = prefixed?.[2] ?? '/';
    return rest === '/' && prefixed?.[2] !== undefined ? null : { lng: prefix, path: rest };
  }
  return { lng: defaultLanguage, path: pathname };
}

/** The page at a request path, with its language; undefined when no page lives there. */
export function pageAtPath(pathname: string): { page: SitePage; lng: Language } | undefined {
  const parsed = parseLocalizedPath(pathname);
  const page = parsed ? findPageByPath(parsed.path) : undefined;
  return page && parsed ? { page, lng: parsed.lng } : undefined;
}

/** The language a path's prefix names (`/EN/x` → en), German without one: the language of its 404 page. */
export function languageOfPrefix(pathname: string): Language {
  const prefix = /^\/([^/]+)/.exec(pathname)?.[1]?.toLowerCase();
  return isLanguage(prefix) ? prefix : defaultLanguage;
}

/** The public address of a page in one language: canonical links, hreflang, sitemap, mails. */
/**
 * The company's logo for search engines (Organization, JobPosting): public/apple-touch-icon.png, a
 * square raster picture of 180 pixels (Google asks for at least 112).
 */
export const logoUrl = (siteUrl: string) => `${siteUrl.replace(/\/+$/, '')}/apple-touch-icon.png`;

export function pageUrl(siteUrl: string, id: SitePageId, lng: Language, variant: PageVariant = {}): string {
  return `${siteUrl.replace(/\/+$/, '')}${localizedPath(findPage(id).path, lng)}${searchOf(variant)}`;
}

/**
 * An internal link to a page in a language: its canonical address. The German home is `/`,
 * which answers German to a visitor who follows a link on one of the site's own pages, whatever
 * the browser prefers (docs/decisions/0051-german-home-links.md).
 */
export function pageHref(id: SitePageId, lng: Language, { variant = {}, hash }: PageLinkOptions = {}): string {
  return `${localizedPath(findPage(id).path, lng)}${searchOf(variant)}${hash ? `#${hash}` : ''}`;
}

export interface PageLinkOptions {
  variant?: PageVariant;
  /** A section of the page: `privacy` with `applications` → `/privacy#applications`. */
  hash?: string;
}

export interface AlternateLink {
  hreflang: Language | 'x-default';
  href: string;
}

/** hreflang alternates for every language, plus `x-default` pointing at German. */
export function alternateLinks(siteUrl: string, id: SitePageId, variant: PageVariant = {}): AlternateLink[] {
  return [
    ...languageCodes.map((lng) => ({ hreflang: lng, href: pageUrl(siteUrl, id, lng, variant) })),
    { hreflang: 'x-default' as const, href: pageUrl(siteUrl, id, defaultLanguage, variant) },
  ];
}

/**
 * The language menu's link to the page in another language: the same page at
 * that language's path, keeping the address's parameters (an open job, a
 * newsletter token). The page-not-found screen has no page of its own: its
 * menu leads to each language's home.
 */
export function languageSwitchHref(id: SitePageId | null, search: string, lng: Language): string {
  const params = new URLSearchParams(id ? search : '');
  params.delete(languageParam);
  // The German home with the explicit choice (`/?lng=de`), which ranks first at the root even
  // where the browser sends neither Sec-Fetch-Site nor a Referer.
  if ((id ?? 'home') === 'home' && lng === defaultLanguage)
    return `/?${new URLSearchParams({ [languageParam]: lng, ...Object.fromEntries(params) }).toString()}`;
  return pageHref(id ?? 'home', lng, { variant: Object.fromEntries(params) });
}
