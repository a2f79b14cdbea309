import { describe, expect, it } from 'vitest';
import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';
import { logoUrl, pageUrl } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { createStaticI18n } from '../features/i18n/create-static-i18n';
import { jobPosting, type JobPostingLabels } from '../features/jobs/job-posting-json-ld';
import { fixtureFeedJob, fixtureJob } from '../test/job-fixtures';
import { describePage, renderDocumentHead } from './document-head';

/**
 * What search engines read about the company and each page (src/app/structured-data.ts): the
 * properties listed here exactly, made from the company facts and the page registry, and
 * JobPosting with the properties Google requires of it
 * (https://developers.google.com/search/docs/appearance/structured-data/job-posting).
 */
const siteUrl = 'https://www.example.org';

/** Every property an object of each type carries, besides @context and @type. */
const properties = {
  Organization: ['address', 'contactPoint', 'legalName', 'logo', 'name', 'sameAs', 'url', 'vatID'],
  WebSite: ['inLanguage', 'name', 'url'],
  BreadcrumbList: ['itemListElement'],
  ListItem: ['item', 'name', 'position'],
};
const jobPostingRequired = ['datePosted', 'description', 'hiringOrganization', 'jobLocation', 'title'];

const own = (data: object) =>
  Object.keys(data)
    .filter((key) => !key.startsWith('@'))
    .sort();

/** The JSON-LD a page's <head> carries, parsed back out of its HTML. */
function jsonLdOf(head: string): Record<string, unknown>[] {
  return [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json = '']) => JSON.parse(json) as Record<string, unknown>,
  );
}

const headOf = (lng: (typeof languageCodes)[number], pageId: (typeof sitePages)[number]['id'], variantTitle?: string) =>
  jsonLdOf(
    renderDocumentHead(
      describePage({
        t: createStaticI18n(lng).t,
        pageId,
        lng,
        siteUrl,
        variant: variantTitle ? { job: 'fx-1' } : {},
        variantHead: variantTitle ? { title: variantTitle, description: 'd' } : undefined,
      }),
    ),
  );

describe.each(languageCodes)('structured data in %s', (lng) => {
  it('the home page says who the company is: Organization and WebSite, with exactly the listed properties', () => {
    const [organization, site, ...rest] = headOf(lng, 'home');
    expect(rest).toEqual([]);
    expect(organization?.['@type']).toBe('Organization');
    expect(own(organization ?? {})).toEqual(properties.Organization);
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
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
      contactPoint: { '@type': 'ContactPoint', email: company.email },
      sameAs: Object.values(company.social),
      vatID: company.vatId,
    });
    expect(site?.['@type']).toBe('WebSite');
    expect(own(site ?? {})).toEqual(properties.WebSite);
    expect(site).toMatchObject({ name: company.shortName, url: pageUrl(siteUrl, 'home', lng), inLanguage: lng });
  });

  it('every page of a section (the service pages, the jobs pages) carries its trail, and the others none', () => {
    const { t } = createStaticI18n(lng);
    for (const page of sitePages) {
      if (page.id === 'home') continue;
      const data = headOf(lng, page.id);
      if (!('section' in page)) {
        expect(data, page.id).toEqual([]);
        continue;
      }
      expect(data, page.id).toHaveLength(1);
      const [trail] = data;
      expect(trail?.['@type']).toBe('BreadcrumbList');
      expect(own(trail ?? {})).toEqual(properties.BreadcrumbList);
      const items = trail?.itemListElement as Record<string, unknown>[];
      for (const item of items) expect(own(item)).toEqual(properties.ListItem);
      const name = (id: string) => t(`pages.${id}` as never, { ns: 'common' }).replaceAll('\u00ad', '');
      expect(items.map(({ position, name: itemName, item }) => [position, itemName, item])).toEqual([
        [1, name('home'), pageUrl(siteUrl, 'home', lng)],
        [2, name(page.section), pageUrl(siteUrl, page.section, lng)],
        [3, name(page.id), pageUrl(siteUrl, page.id, lng)],
      ]);
    }
    expect(sitePages.filter((page) => 'section' in page && page.section === 'services')).toHaveLength(3);
  });

  it('a job’s own page ends its trail with the job', () => {
    const [trail] = headOf(lng, 'jobs', 'Test Position Alpha');
    const items = trail?.itemListElement as Record<string, unknown>[];
    expect(items.at(-1)).toEqual({
      '@type': 'ListItem',
      position: 4,
      name: 'Test Position Alpha',
      item: pageUrl(siteUrl, 'jobs', lng, { job: 'fx-1' }),
    });
  });

  it('a JobPosting has every property Google requires, for a built-in job and a job of the feed', () => {
    const labels: JobPostingLabels = {
      keyResponsibilities: 'k',
      supportingResponsibilities: 's',
      requirements: 'r',
      benefits: 'b',
      howToApply: 'h',
      howToApplyText: 't',
    };
    for (const job of [fixtureJob({}, lng), fixtureFeedJob({}, lng)]) {
      const posting = jobPosting(job, { lng, siteUrl, labels }) as Record<string, unknown>;
      expect(jobPostingRequired.filter((key) => !posting[key])).toEqual([]);
      expect(posting.hiringOrganization).toMatchObject({ name: company.name, logo: logoUrl(siteUrl) });
    }
  });
});
