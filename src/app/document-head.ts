import type { TFunction } from 'i18next';
import { company } from '../../common/company';
import { escapeHtml, serializeJsonLd } from '../../common/escape-html';
import type { Language } from '../../common/languages';
import { alternateLinks, localizedPath, pageUrl, type AlternateLink, type PageVariant } from '../../common/page-urls';
import { isSitePageId, plainPageName, type PageId } from '../../common/site-pages';
import { sharePreviewTags, type SharePicture } from './share-preview';
import { structuredDataOf, type JsonLd } from './structured-data';

/** Everything a page puts into <head> besides assets. */
export interface DocumentHead {
  lang: Language;
  title: string;
  description: string;
  /** Null for the status pages, which have no address of their own. */
  canonical: string | null;
  alternates: AlternateLink[];
  noindex: boolean;
  /** The page's share picture, where the build made one. */
  share?: SharePicture;
  /** What search engines read about the company and the page's place (src/app/structured-data.ts). */
  structuredData: JsonLd[];
  /** Structured data for search engines (a news entry's NewsArticle). */
  jsonLd?: unknown;
  /** A feed of the page (the news list's Atom feed), for feed readers. */
  feed?: { href: string; title: string };
}

/** What a page variant (one job on /jobs, a news entry) says about itself. */
export interface VariantHead {
  title: string;
  description: string;
  /** Its own address without the language's prefix, where it has one (a news entry's `/news/<slug>`). */
  path?: string;
  /** Its alternates where they are not every language's (a news entry's languages): addresses with their language's prefix. */
  alternates?: { hreflang: Language | 'x-default'; path: string }[];
}

export interface DescribePageInput {
  t: TFunction;
  pageId: PageId;
  lng: Language;
  siteUrl: string;
  variant?: PageVariant;
  /** The variant's own title and description, e.g. "HR Manager – Westbridge". */
  variantHead?: VariantHead;
  noindex?: boolean;
}

// Page namespaces are picked at run time, so the keys are looked up untyped.
const untyped = (t: TFunction) => t as unknown as (key: string, options?: object) => string;

const statusTexts = {
  'not-found': ['pageNotFoundTitle', 'pageNotFoundDescription'],
  unavailable: ['unavailable.title', 'unavailable.description'],
} as const;

/** A page's own title in the language of `t`, without the company's name. */
export function pageTitleOf(t: TFunction, pageId: PageId): string {
  return plainPageName(
    isSitePageId(pageId) ? untyped(t)('meta.title', { ns: pageId }) : untyped(t)(statusTexts[pageId][0]),
  );
}

/** An address of the site as a URL; `lng` null: the path is already the language's (an x-default's German one). */
function absolute(siteUrl: string, path: string, lng: Language | null): string {
  return `${siteUrl.replace(/\/+$/, '')}${lng ? localizedPath(path, lng) : path}`;
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
  const pageTitle = pageTitleOf(t, pageId);
  const pageDescription = isSitePageId(pageId)
    ? untyped(t)('meta.description', { ns: pageId })
    : untyped(t)(statusTexts[pageId][1]);
  const fullPageTitle =
    pageId === 'home' ? `${company.shortName} – ${pageTitle}` : `${pageTitle} – ${company.shortName}`;
  // A variant (a job, a form's result) is named by its own title and the company, which fits search results.
  const title = variantHead ? `${variantHead.title} – ${company.shortName}` : fullPageTitle;
  const description = variantHead?.description ?? pageDescription;
  return {
    lang: lng,
    title,
    description,
    canonical: !isSitePageId(pageId)
      ? null
      : variantHead?.path
        ? absolute(siteUrl, variantHead.path, lng)
        : pageUrl(siteUrl, pageId, lng, variant),
    alternates: !isSitePageId(pageId)
      ? []
      : variantHead?.alternates
        ? variantHead.alternates.map((link) => ({
            hreflang: link.hreflang,
            href: absolute(siteUrl, link.path, null),
          }))
        : alternateLinks(siteUrl, pageId, variant),
    noindex: noindex || !isSitePageId(pageId),
    structuredData: structuredDataOf({ t, pageId, lng, siteUrl, variant, variantTitle: variantHead?.title }),
  };
}

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
    head.feed
      ? `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(head.feed.title)}" href="${escapeHtml(head.feed.href)}">`
      : '',
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeHtml(company.shortName)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    head.canonical ? `<meta property="og:url" content="${escapeHtml(head.canonical)}">` : '',
    ...sharePreviewTags(head),
    ...head.structuredData.map((data) => `<script type="application/ld+json">${serializeJsonLd(data)}</script>`),
    head.jsonLd ? `<script type="application/ld+json">${serializeJsonLd(head.jsonLd)}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}
