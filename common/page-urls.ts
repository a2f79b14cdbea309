import { defaultLanguage, languageCodes, type Language } from './languages';

/** Query parameters that select a page variant, such as `job` on /jobs. */
export type PageVariant = Readonly<Record<string, string>>;

/**
 * The public address of a page in one language: German has no parameter,
 * English and French carry `?lng=` (DESIGN, "Languages and URLs").
 */
export function pageUrl(siteUrl: string, path: string, lng: Language, variant: PageVariant = {}): string {
  const params = new URLSearchParams(variant);
  if (lng !== defaultLanguage) params.set('lng', lng);
  const query = params.toString();
  return `${siteUrl.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

/** A variant as a query string: `?job=job-002`, or '' for none. */
export function searchOf(variant: PageVariant): string {
  const query = new URLSearchParams(variant).toString();
  return query ? `?${query}` : '';
}

export interface AlternateLink {
  hreflang: Language | 'x-default';
  href: string;
}

/** hreflang alternates for every language, plus `x-default` pointing at German. */
export function alternateLinks(siteUrl: string, path: string, variant: PageVariant = {}): AlternateLink[] {
  return [
    ...languageCodes.map((lng) => ({ hreflang: lng, href: pageUrl(siteUrl, path, lng, variant) })),
    { hreflang: 'x-default' as const, href: pageUrl(siteUrl, path, defaultLanguage, variant) },
  ];
}

/**
 * The address of the page in another language, for the language menu: `?lng=`
 * is always set, since a German link without it would keep a stored choice of
 * another language. Other parameters (a job) are kept; `path` null (the
 * page-not-found screen) stays on the address that was asked for.
 */
export function languageSwitchHref(path: string | null, search: string, lng: Language): string {
  const params = new URLSearchParams(search);
  params.set('lng', lng);
  return `${path ?? ''}?${params.toString()}`;
}
