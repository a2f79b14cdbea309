import { describe, expect, it } from 'vitest';
import { pageHref } from '../../common/page-urls';
import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';
import { headingTexts, renderFinishedPage } from '../test/page-text';
import { renderWithProviders } from '../test/render';
import ApplicationProcessPage from './application-process-page';

const expected = {
  de: {
    subject: 'Bewerbung – Stellentitel – Vor- und Nachname',
    headings: [
      'Bewerbung per E-Mail',
      'Betreffzeile',
      'Erforderliche Unterlagen',
      'Datenschutz',
      'Auswahlverfahren',
      'Rückmeldung',
      'Löschung Ihrer Daten',
      'Die passende Stelle finden',
    ],
    facts: [
      'PDF',
      'höchstens einer Seite',
      'Lebenslauf',
      'Zeugnisse',
      'Innerhalb von 3 bis 5 Werktagen',
      '15 bis 30 Minuten',
      'Fachgespräch oder Fallstudie',
      '6 Monate ab Zugang unserer Absage',
    ],
  },
  en: {
    subject: 'Application – job title – full name',
    headings: [
      'Apply by email',
      'Subject line',
      'Required documents',
      'Data protection',
      'Selection',
      'Feedback',
      'Deletion of your data',
      'Find the right position',
    ],
    facts: [
      'PDF',
      'no more than one page',
      'CV',
      'certificates',
      'Within 3 to 5 business days',
      '15 to 30 minutes',
      'technical interview or by working through a case study',
      '6 months from when you receive our rejection',
    ],
  },
  fr: {
    subject: 'Candidature – intitulé du poste – prénom et nom',
    headings: [
      'Candidature par e-mail',
      'Objet du message',
      'Documents requis',
      'Protection des données',
      'Sélection',
      'Réponse',
      'Suppression de vos données',
      'Trouver le poste qui vous correspond',
    ],
    facts: [
      'PDF',
      'une page au maximum',
      'CV',
      'Certificats',
      'Dans un délai de 3 à 5 jours ouvrés',
      '15 à 30 minutes',
      'entretien technique ou autour d’une étude de cas',
      '6 mois à compter de la réception de notre refus',
    ],
  },
} as const;

describe('ApplicationProcessPage', () => {
  for (const lng of languageCodes) {
    describe(`in ${lng}`, () => {
      it('explains every step, from the e-mail to the deletion of the data', () => {
        renderFinishedPage(<ApplicationProcessPage />, { lng, path: '/application-process' });
        expect(headingTexts('h2')).toEqual(expected[lng].headings);
        for (const fact of expected[lng].facts) expect(document.body).toHaveTextContent(fact);
        expect(document.querySelectorAll('ol > li h3')).toHaveLength(3);
      });

      it('shows the subject line format and sends applications to the career address', () => {
        renderWithProviders(<ApplicationProcessPage />, { lng, path: '/application-process' });
        const format = [...document.querySelectorAll('p')].find((p) => p.textContent === expected[lng].subject);
        expect(format, 'the subject format on a line of its own').toBeDefined();
        const mailLinks = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="mailto:"]')];
        expect(mailLinks.length).toBeGreaterThanOrEqual(2);
        for (const link of mailLinks)
          expect(link.getAttribute('href')).toMatch(new RegExp(`^mailto:${company.careerEmail}($|\\?)`));
        const button = mailLinks.find((link) => link.getAttribute('href')?.includes('?subject='));
        expect(new URL(button?.getAttribute('href') ?? '').searchParams.get('subject')).toBe(expected[lng].subject);
        expect(document.body).toHaveTextContent(company.careerEmail);
      });

      it('links to the privacy policy and to the open positions', () => {
        renderWithProviders(<ApplicationProcessPage />, { lng, path: '/application-process' });
        const hrefs = [...document.querySelectorAll('a')].map((link) => link.getAttribute('href'));
        expect(hrefs).toContain(pageHref('privacy', lng, { hash: 'applications' }));
        expect(hrefs).toContain(pageHref('jobs', lng));
      });
    });
  }
});
