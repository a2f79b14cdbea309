import type { TFunction } from 'i18next';
import { company } from '../../common/company';
import type { Language } from '../../common/languages';
import { logoUrl, pageUrl, type PageVariant } from '../../common/page-urls';
import { findPage, isSitePageId, plainPageName, type PageId, type SitePageId } from '../../common/site-pages';

/**
 * What search engines read about the company and where a page sits (schema.org JSON-LD in the
 * page's <head>), made from the company facts and the page registry:
 * - the home page of each language: `Organization` (who the company is) and `WebSite`;
 * - every page of a section (the service pages, the jobs pages, the application process) and
 *   each job's own page: `BreadcrumbList`, home › section › page › job.
 * The job's own `JobPosting` is on its page (src/features/jobs/job-posting-json-ld.ts).
 * Google lists no required properties for Organization, so the list below is ours; a test
 * checks exactly these (src/app/structured-data.test.ts).
 */

export type JsonLd = Record<string, unknown>;

export function organization(siteUrl: string, lng: Language): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.shortName,
    legalName: company.name,
    url: pageUrl(siteUrl, 'home', lng),
    logo: logoUrl(siteUrl),
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.streetAddress,
      postalCode: company.postCode,
      addressLocality: company.city,
      addressCountry: company.countryCode,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: company.email,
      telephone: company.phoneHref.replace(/^tel:/, ''),
    },
    sameAs: Object.values(company.social),
    vatID: company.vatId,
  };
}

export function webSite(siteUrl: string, lng: Language): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: company.shortName,
    url: pageUrl(siteUrl, 'home', lng),
    inLanguage: lng,
  };
}

/** The trail to a page: its section's page, the page, and a variant of it (one job) where it has its own title. */
export function breadcrumbs(trail: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

// Page names are picked at run time, so the keys are looked up untyped.
const pageName = (t: TFunction, id: SitePageId) =>
  plainPageName((t as unknown as (key: string, options?: object) => string)(`pages.${id}`, { ns: 'common' }));

/** The JSON-LD of a page in a language: none for pages outside a section, and none for status pages. */
export function structuredDataOf({
  t,
  pageId,
  lng,
  siteUrl,
  variant = {},
  variantTitle,
}: {
  t: TFunction;
  pageId: PageId;
  lng: Language;
  siteUrl: string;
  variant?: PageVariant;
  /** A variant's own name (a job's title), as its page heads it. */
  variantTitle?: string;
}): JsonLd[] {
  if (!isSitePageId(pageId)) return [];
  if (pageId === 'home') return [organization(siteUrl, lng), webSite(siteUrl, lng)];
  const page = findPage(pageId);
  if (!('section' in page)) return [];
  const step = (id: SitePageId) => ({ name: pageName(t, id), url: pageUrl(siteUrl, id, lng) });
  const trail = [step('home'), step(page.section), step(pageId)];
  if (variantTitle && Object.keys(variant).length > 0)
    trail.push({ name: variantTitle, url: pageUrl(siteUrl, pageId, lng, variant) });
  return [breadcrumbs(trail)];
}
