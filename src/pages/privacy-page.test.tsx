import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageHref } from '../../common/page-urls';
import { company } from '../../common/company';
import { languageCodes, languageCookieName, languageStorageKey } from '../../common/languages';
import { themeStorageKey } from '../features/theme/theme-store';
import { expectNumberedSections, pageTitle, renderFinishedPage, tableOfContentsLinks } from '../test/page-text';
import { renderWithProviders } from '../test/render';
import PrivacyPage, { privacySectionIds } from './privacy-page';

/** Every key DESIGN names, as the code spells it. */
const localStorageKeys = [
  'cookiePreferences',
  themeStorageKey,
  languageStorageKey,
  `${company.shortName}_newsletter_subscribed`,
  `${company.shortName}_newsletter_hidden`,
];

const expected = {
  de: {
    title: 'Datenschutzerklärung',
    toc: 'Inhalt',
    date: 'Stand: November 2026',
    logs: [
      'letzte Oktett auf null',
      'ersten 48 Bit',
      'höchstens 14 Tage lang',
      'Protokollverwaltung unseres Servers',
      'Zeitfenster von 10 Minuten',
      'Fehlerprotokoll',
      'Art. 6 Abs. 1 lit. f DSGVO',
    ],
    storage: [
      '§ 25 Abs. 2 Nr. 2 TDDDG',
      '365 Tage',
      'Nach 12 Monaten',
      '„Cookie-Einstellungen“',
      'Einwilligungs-ID',
      'Art. 7 Abs. 1 DSGVO',
      '3 Jahre lang',
    ],
    analytics: ['Wir setzen Matomo ein', 'Kategorie „Statistik“', 'Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG'],
    contact: ['180 Tage nach ihrem Eingang', '§ 257 HGB', 'Art. 6 Abs. 1 lit. b DSGVO', 'Sanktionslisten'],
    newsletter: [
      'Double-Opt-in',
      'gilt 7 Tage lang',
      '30 Tage nach der Anmeldung',
      'Hashwert',
      'geheimen Schlüssel',
      '3 Jahre nach Ihrer Abmeldung',
      'Art. 7 Abs. 1 DSGVO',
    ],
    applications: ['6 Monate ab Zugang der Absage', '§ 15 Abs. 4 AGG', 'Ende-zu-Ende'],
    recipients: ['Art. 28 DSGVO', 'keine Plugins', 'keine Daten in Länder außerhalb'],
    rights: [
      'Art. 15 DSGVO',
      'Art. 21 DSGVO',
      'Art. 7 Abs. 3 DSGVO',
      'Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin',
    ],
  },
  en: {
    title: 'Privacy Policy',
    toc: 'Contents',
    date: 'Last updated: November 2026',
    logs: [
      'last octet is set to zero',
      'first 48 bits',
      'no more than 14 days',
      'log management of our server',
      'window of 10 minutes',
      'error log',
      'Article 6(1)(f) GDPR',
    ],
    storage: [
      'Section 25(2) no. 2',
      '365 days',
      'After 12 months',
      '“Cookie settings”',
      'consent ID',
      'Article 7(1) GDPR',
      'for 3 years',
    ],
    analytics: ['We use Matomo', '“Analytics” category', 'Article 6(1)(a) GDPR, Section 25(1) TDDDG'],
    contact: ['180 days after they are received', 'Section 257', 'Article 6(1)(b) GDPR', 'sanctions lists'],
    newsletter: [
      'double opt-in',
      'works for 7 days',
      '30 days after they were made',
      'hash',
      'secret key',
      '3 years after you unsubscribe',
      'Article 7(1) GDPR',
    ],
    applications: ['6 months from when you receive our rejection', 'Section 15(4) AGG', 'end to end'],
    recipients: ['Article 28 GDPR', 'plug-ins', 'does not transfer any data to countries outside'],
    rights: [
      'Article 15 GDPR',
      'Article 21 GDPR',
      'Article 7(3) GDPR',
      'Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin',
    ],
  },
  fr: {
    title: 'Politique de confidentialité',
    toc: 'Sommaire',
    date: 'Dernière mise à jour : novembre 2026',
    logs: [
      'dernier octet est remplacé par zéro',
      '48 premiers bits',
      'au bout de 14 jours au maximum',
      'gestion des journaux de notre serveur',
      'période de 10 minutes',
      'journal des erreurs',
      'article 6, paragraphe 1, point f) du RGPD',
    ],
    storage: [
      'article 25, paragraphe 2, point 2',
      '365 jours',
      'Au bout de 12 mois',
      '« Paramètres des cookies »',
      'identifiant de consentement',
      'article 7, paragraphe 1 du RGPD',
      'pendant 3 ans',
    ],
    analytics: ['Nous utilisons Matomo', 'catégorie « Mesure d’audience »', 'article 25, paragraphe 1 de la TDDDG'],
    contact: [
      '180 jours après leur réception',
      'listes de sanctions',
      'article 257',
      'article 6, paragraphe 1, point b) du RGPD',
    ],
    newsletter: [
      'double confirmation',
      'valable 7 jours',
      '30 jours après l’inscription',
      'empreinte',
      'clé secrète',
      '3 ans après votre désabonnement',
      'article 7, paragraphe 1 du RGPD',
    ],
    applications: [
      '6 mois à compter de la réception de notre refus',
      'article 15, paragraphe 4 AGG',
      'de bout en bout',
    ],
    recipients: ['article 28 du RGPD', 'ni modules', 'ne transfère aucune donnée'],
    rights: [
      'article 15 du RGPD',
      'article 21 du RGPD',
      'article 7, paragraphe 3 du RGPD',
      'Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin',
    ],
  },
} as const;

const sectionOf = (id: (typeof privacySectionIds)[number]) => document.getElementById(id);

function expectSectionToSay(id: (typeof privacySectionIds)[number], fragments: readonly string[]) {
  for (const fragment of fragments) expect(sectionOf(id), `${id}: ${fragment}`).toHaveTextContent(fragment);
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

describe('PrivacyPage', () => {
  for (const lng of languageCodes) {
    describe(`in ${lng}`, () => {
      it('shows ten numbered sections with a table of contents and the date of the policy', () => {
        renderFinishedPage(<PrivacyPage />, { lng, path: '/privacy' });
        expect(pageTitle()).toBe(expected[lng].title);
        expect(document.body).toHaveTextContent(expected[lng].date);
        const headings = expectNumberedSections(10);
        const entries = tableOfContentsLinks(expected[lng].toc);
        expect(entries.map((link) => link.getAttribute('href'))).toEqual(privacySectionIds.map((id) => `#${id}`));
        headings.forEach((heading, index) =>
          expect(sectionOf(privacySectionIds[index] ?? 'controller')).toContainElement(heading),
        );
      });

      it('states the facts of what the site logs, stores and sends', () => {
        renderWithProviders(<PrivacyPage />, { lng, path: '/privacy' });
        expectSectionToSay('controller', [
          company.name,
          company.streetAddress,
          `${company.postCode} ${company.city}`,
          company.privacyEmail,
        ]);
        expectSectionToSay('server-logs', expected[lng].logs);
        expectSectionToSay('browser-storage', [...localStorageKeys, languageCookieName, ...expected[lng].storage]);
        expectSectionToSay('analytics', expected[lng].analytics);
        expectSectionToSay('contact-form', expected[lng].contact);
        expectSectionToSay('newsletter', expected[lng].newsletter);
        expectSectionToSay('applications', [company.careerEmail, ...expected[lng].applications]);
        expectSectionToSay('recipients', expected[lng].recipients);
        expectSectionToSay('your-rights', expected[lng].rights);
      });

      it('uses the current names of the laws', () => {
        renderWithProviders(<PrivacyPage />, { lng, path: '/privacy' });
        const text = document.body.textContent ?? '';
        expect(text).toContain('TDDDG');
        expect(text).not.toMatch(/\bTTDSG\b|\bTMG\b/);
      });

      it('links to the privacy address, the career address, the application process and the authority', () => {
        renderWithProviders(<PrivacyPage />, { lng, path: '/privacy' });
        const hrefs = [...document.querySelectorAll('a')].map((link) => link.getAttribute('href'));
        expect(hrefs).toContain(`mailto:${company.privacyEmail}`);
        expect(hrefs).toContain(`mailto:${company.careerEmail}`);
        expect(hrefs).toContain(pageHref('application-process', lng));
        expect(hrefs).toContain(pageHref('legal', lng));
        const authority = document.querySelector('a[href="https://www.datenschutz-berlin.de"]');
        expect(authority).toHaveTextContent('www.datenschutz-berlin.de');
      });
    });
  }
});
