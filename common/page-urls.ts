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
