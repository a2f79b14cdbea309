import type { TFunction } from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageHref } from '../../common/page-urls';
import { pageDate } from '../../common/page-dates';
import { company } from '../../common/company';
import { contactForm } from '../../common/forms/contact-form';
import { newsletterForm } from '../../common/forms/newsletter-form';
import {
  findLanguage,
  languageCodes,
  languageCookieMaxAgeDays,
  languageCookieName,
  languageStorageKey,
  type Language,
} from '../../common/languages';
import { retention } from '../../common/retention';
import { analyticsServices } from '../../common/services';
import { plainPageName } from '../../common/site-pages';
import { consentMaxAgeMonths } from '../features/consent/consent-preferences';
import { themeStorageKey } from '../features/theme/theme-store';
import { periodText } from '../hooks/use-period-text';
import {
  asShown,
  expectNumberedSections,
  pageTitle,
  renderFinishedPage,
  tableOfContentsLinks,
} from '../test/page-text';
import { renderWithProviders, textsOf } from '../test/render';
import PrivacyPage, { privacySectionIds } from './privacy-page';

/** Every key of docs/contract.md#storage-keys, as the code spells it. */
const localStorageKeys = [
  'cookiePreferences',
  themeStorageKey,
  languageStorageKey,
  `${company.shortName}_newsletter_subscribed`,
  `${company.shortName}_newsletter_hidden`,
];

/**
 * The legal bases and terms as the policy cites them in each language it was reviewed in: a
 * check of that wording. Periods, addresses and names are checked in every language below,
 * from the modules that hold them.
 */
const citations: Partial<Record<Language, Partial<Record<SectionId, readonly string[]>>>> = {
  de: {
    'server-logs': ['Art. 6 Abs. 1 lit. f DSGVO'],
    'browser-storage': ['§ 25 Abs. 2 Nr. 2 TDDDG', 'Art. 7 Abs. 1 DSGVO'],
    analytics: ['Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG'],
    'contact-form': ['§ 257 HGB', 'Art. 6 Abs. 1 lit. b DSGVO'],
    newsletter: ['Art. 7 Abs. 1 DSGVO'],
    applications: ['§ 15 Abs. 4 AGG'],
    recipients: ['Art. 28 DSGVO'],
    'your-rights': ['Art. 15 DSGVO', 'Art. 21 DSGVO', 'Art. 7 Abs. 3 DSGVO'],
  },
  en: {
    'server-logs': ['Article 6(1)(f) GDPR'],
    'browser-storage': ['Section 25(2) no. 2', 'Article 7(1) GDPR'],
    analytics: ['Article 6(1)(a) GDPR, Section 25(1) TDDDG'],
    'contact-form': ['Section 257', 'Article 6(1)(b) GDPR'],
    newsletter: ['Article 7(1) GDPR'],
    applications: ['Section 15(4) AGG'],
    recipients: ['Article 28 GDPR'],
    'your-rights': ['Article 15 GDPR', 'Article 21 GDPR', 'Article 7(3) GDPR'],
  },
  fr: {
    'server-logs': ['article 6, paragraphe 1, point f) du RGPD'],
    'browser-storage': ['article 25, paragraphe 2, point 2', 'article 7, paragraphe 1 du RGPD'],
    analytics: ['article 25, paragraphe 1 de la TDDDG'],
    'contact-form': ['article 257', 'article 6, paragraphe 1, point b) du RGPD'],
    newsletter: ['article 7, paragraphe 1 du RGPD'],
    applications: ['article 15, paragraphe 4 AGG'],
    recipients: ['article 28 du RGPD'],
    'your-rights': ['article 15 du RGPD', 'article 21 du RGPD', 'article 7, paragraphe 3 du RGPD'],
  },
};

type SectionId = (typeof privacySectionIds)[number];

const sectionOf = (id: SectionId) => document.getElementById(id);

function expectSectionToSay(id: SectionId, fragments: readonly string[]) {
  for (const fragment of fragments) expect(sectionOf(id), `${id}: ${fragment}`).toHaveTextContent(asShown(fragment));
}

// As the server fills the page with ANALYTICS_PROVIDER=matomo and no newsletter provider.
beforeEach(() => {
  document.documentElement.setAttribute('data-analytics-provider', 'matomo');
  document.documentElement.setAttribute('data-newsletter-provider', 'none');
});
afterEach(() => {
  document.documentElement.removeAttribute('data-analytics-provider');
  document.documentElement.removeAttribute('data-newsletter-provider');
});

describe.each(languageCodes)('PrivacyPage in %s', (lng) => {
  const t = textsOf(lng);
  const path = pageHref('privacy', lng);
  const period = (kind: keyof typeof retention) => periodText(t, lng, retention[kind]);

  it('shows ten numbered sections with a table of contents and the date of the policy', () => {
    renderFinishedPage(<PrivacyPage />, { lng, path });
    expect(pageTitle()).toBe(plainPageName(t(($) => $.pages.privacy)));
    // The month its texts last changed, from common/page-dates.json, in the page's language.
    const month = new Intl.DateTimeFormat(findLanguage(lng).locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const date = pageDate('privacy', lng);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(document.querySelector('[data-lastmod]')).toHaveTextContent(
      asShown(t(($) => $.updated, { ns: 'privacy', date: month.format(new Date(date ?? '')) })),
    );
    const headings = expectNumberedSections(privacySectionIds.length);
    const entries = tableOfContentsLinks(t(($) => $.toc, { ns: 'privacy' }));
    expect(entries.map((link) => link.getAttribute('href'))).toEqual(privacySectionIds.map((id) => `#${id}`));
    headings.forEach((heading, index) =>
      expect(sectionOf(privacySectionIds[index] ?? 'controller')).toContainElement(heading),
    );
  });

  it('states the facts of what the site logs, stores and sends, from the modules that hold them', () => {
    renderWithProviders(<PrivacyPage />, { lng, path });
    expectSectionToSay('controller', [
      company.name,
      company.streetAddress,
      `${company.postCode} ${company.city}`,
      company.privacyEmail,
    ]);
    expectSectionToSay('server-logs', [period('serverLogs'), period('rateLimitWindow')]);
    expectSectionToSay('browser-storage', [
      ...localStorageKeys,
      languageCookieName,
      periodText(t, lng, { unit: 'days', count: languageCookieMaxAgeDays }),
      periodText(t, lng, { unit: 'months', count: consentMaxAgeMonths }),
      period('consentRecords'),
    ]);
    expectSectionToSay('analytics', [analyticsServices.matomo.name]);
    expectSectionToSay('contact-form', [period('contactMessages')]);
    expectSectionToSay('newsletter', [
      period('confirmationLink'),
      period('unconfirmedSignUps'),
      period('newsletterEvidence'),
    ]);
    expectSectionToSay('job-alerts', [
      period('confirmationLink'),
      period('unconfirmedSignUps'),
      period('jobAlertEvidence'),
      period('endedJobAlerts'),
    ]);
    expectSectionToSay('applications', [company.careerEmail, period('applications')]);
    expectSectionToSay('retention', [
      period('serverLogs'),
      period('contactMessages'),
      period('honeypotHits'),
      period('finishedMails'),
      period('consentRecords'),
      period('applications'),
      period('businessLetters'),
      period('accountingVouchers'),
      period('jobAlertEvidence'),
      period('endedJobAlerts'),
    ]);
    expectSectionToSay('your-rights', [
      `${company.dataProtectionAuthority.name}, ${company.dataProtectionAuthority.address}`,
    ]);
  });

  // A field added to a form (common/forms/) is named in its section without a text of the policy changing.
  it.each([
    ['contact-form', contactForm, 'contact-form'],
    ['newsletter', newsletterForm, 'newsletter'],
  ] as const)('names each field the %s form takes, as its description has it', (section, form, ns) => {
    renderWithProviders(<PrivacyPage />, { lng, path });
    const named = form.fields
      .filter((field) => field.role !== 'honeypot')
      .map((field) => {
        const data = (t as unknown as TFunction<'contact-form'>)(
          ($) => $.privacy[field.name as keyof typeof $.privacy],
          { ns },
        );
        return field.control && !field.control.required ? t(($) => $.optionalData, { ns: 'privacy', data }) : data;
      });
    expect(named.filter((data) => data.startsWith('privacy.'))).toEqual([]);
    expectSectionToSay(section, named);
  });

  it.runIf(citations[lng])('cites the legal bases as reviewed in this language', () => {
    renderWithProviders(<PrivacyPage />, { lng, path });
    for (const [id, fragments] of Object.entries(citations[lng] ?? {})) expectSectionToSay(id as SectionId, fragments);
  });

  it('uses the current names of the laws', () => {
    renderWithProviders(<PrivacyPage />, { lng, path });
    const text = document.body.textContent ?? '';
    expect(text).toContain('TDDDG');
    expect(text).not.toMatch(/\bTTDSG\b|\bTMG\b/);
  });

  it('links to the privacy address, the career address, the application process and the authority', () => {
    renderWithProviders(<PrivacyPage />, { lng, path });
    const hrefs = [...document.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(hrefs).toContain(`mailto:${company.privacyEmail}`);
    expect(hrefs).toContain(`mailto:${company.careerEmail}`);
    expect(hrefs).toContain(pageHref('application-process', lng));
    expect(hrefs).toContain(pageHref('legal', lng));
    const authority = document.querySelector(`a[href="${company.dataProtectionAuthority.url}"]`);
    expect(authority).toHaveTextContent(company.dataProtectionAuthority.website);
  });
});
