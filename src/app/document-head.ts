import type { TFunction } from 'i18next';
import { company } from '../../common/company';
import { escapeHtml } from '../../common/escape-html';
import { findLanguage, type Language } from '../../common/languages';
import { alternateLinks, pageUrl, type AlternateLink, type PageVariant } from '../../common/page-urls';
import { isSitePageId, type PageId } from '../../common/site-pages';

/** Everything a page puts into <head> besides assets. */
export interface DocumentHead {
  lang: Language;
  title: string;
  description: string;
  /** Null for the status pages, which have no address of their own. */
  canonical: string | null;
  alternates: AlternateLink[];
  noindex: boolean;
}

/** What a page variant (one job on /jobs) says about itself. */
export interface VariantHead {
  title: string;
  description: string;
}

export interface DescribePageInput {
  t: TFunction;
  pageId: PageId;
  lng: Language;
  siteUrl: string;
  variant?: PageVariant;
  /** The variant's own title and description, e.g. "HR Manager – Open positions – Westbridge". */
  variantHead?: VariantHead;
  noindex?: boolean;
}

export function describePage({
  t,
  pageId,
  lng,
  siteUrl,
  variant = {},
  variantHead,
  noindex = false,
}: DescribePageInput): DocumentHead {
  // Page namespaces are picked at run time, so the keys are looked up untyped.
  const text = t as unknown as (key: string, options?: object) => string;
  const statusTexts = {
    'not-found': ['pageNotFoundTitle', 'pageNotFoundDescription'],
    unavailable: ['unavailable.title', 'unavailable.description'],
  } as const;
  const pageTitle = isSitePageId(pageId) ? text('meta.title', { ns: pageId }) : text(statusTexts[pageId][0]);
  const pageDescription = isSitePageId(pageId)
    ? text('meta.description', { ns: pageId })
    : text(statusTexts[pageId][1]);
  const fullPageTitle =
    pageId === 'home' ? `${company.shortName} – ${pageTitle}` : `${pageTitle} – ${company.shortName}`;
  const title = variantHead ? `${variantHead.title} – ${fullPageTitle}` : fullPageTitle;
  const description = variantHead?.description ?? pageDescription;
  return {
    lang: lng,
    title,
    description,
    canonical: isSitePageId(pageId) ? pageUrl(siteUrl, pageId, lng, variant) : null,
    alternates: isSitePageId(pageId) ? alternateLinks(siteUrl, pageId, variant) : [],
    noindex: noindex || !isSitePageId(pageId),
  };
}

/** Open Graph writes a locale with an underscore: `de-DE` → `de_DE`. */
const ogLocale = (lng: Language) => findLanguage(lng).locale.replace('-', '_');

/** The head as HTML, for prerendered pages. */
export function renderDocumentHead(head: DocumentHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    ...head.alternates.map(
      (link) => `<link rel="alternate" hreflang="${link.hreflang}" href="${escapeHtml(link.href)}">`,
    ),
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeHtml(company.shortName)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    head.canonical ? `<meta property="og:url" content="${escapeHtml(head.canonical)}">` : '',
    `<meta property="og:locale" content="${ogLocale(head.lang)}">`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Sets, creates or removes the one head element that `selector` finds. */
function upsertHeadElement(selector: string, tag: 'meta' | 'link', attributes: Record<string, string> | null) {
  let element = document.head.querySelector(selector);
  if (!attributes) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement(tag);
    document.head.append(element);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

/** Brings the live document's head in line after a route or language change. */
export function applyDocumentHead(head: DocumentHead): void {
  document.documentElement.lang = head.lang;
  document.title = head.title;
  upsertHeadElement('meta[name="description"]', 'meta', { name: 'description', content: head.description });
  upsertHeadElement('meta[name="robots"]', 'meta', head.noindex ? { name: 'robots', content: 'noindex' } : null);
  upsertHeadElement(
    'link[rel="canonical"]',
    'link',
    head.canonical ? { rel: 'canonical', href: head.canonical } : null,
  );
  upsertHeadElement('meta[property="og:title"]', 'meta', { property: 'og:title', content: head.title });
  upsertHeadElement('meta[property="og:description"]', 'meta', {
    property: 'og:description',
    content: head.description,
  });
  upsertHeadElement(
    'meta[property="og:url"]',
    'meta',
    head.canonical ? { property: 'og:url', content: head.canonical } : null,
  );
  upsertHeadElement('meta[property="og:locale"]', 'meta', { property: 'og:locale', content: ogLocale(head.lang) });
  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((link) => link.remove());
  for (const alternate of head.alternates) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = alternate.hreflang;
    link.href = alternate.href;
    document.head.append(link);
  }
}
