import type { TFunction } from 'i18next';
import { company } from '../../common/company';
import { escapeHtml } from '../../common/escape-html';
import type { Language } from '../../common/languages';
import { alternateLinks, pageUrl, type AlternateLink, type PageVariant } from '../../common/page-urls';
import { isSitePageId, plainPageName, type PageId } from '../../common/site-pages';
import { serializeJsonLd } from '../features/jobs/job-posting-json-ld';
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
    canonical: isSitePageId(pageId) ? pageUrl(siteUrl, pageId, lng, variant) : null,
    alternates: isSitePageId(pageId) ? alternateLinks(siteUrl, pageId, variant) : [],
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
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeHtml(company.shortName)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    head.canonical ? `<meta property="og:url" content="${escapeHtml(head.canonical)}">` : '',
    ...sharePreviewTags(head),
    ...head.structuredData.map((data) => `<script type="application/ld+json">${serializeJsonLd(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}
