import { describe, expect, it } from 'vitest';
import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';
import { expectCompanyAddress, headingTexts, pageTitle, renderFinishedPage } from '../test/page-text';
import { renderWithProviders } from '../test/render';
import LegalPage from './legal-page';

const expected = {
  de: {
    title: 'Impressum',
    lead: 'Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)',
    country: 'Deutschland',
    headings: [
      'Diensteanbieter',
      'Vertreten durch',
      'Kontakt',
      'Registereintrag',
      'Umsatzsteuer-Identifikationsnummer',
      'Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV',
      'Verbraucherstreitbeilegung',
      'Haftungsausschluss',
    ],
    facts: [
      '§ 27a Umsatzsteuergesetz',
      'nicht bereit und nicht verpflichtet',
      '§ 36 Verbraucherstreitbeilegungsgesetz',
    ],
    disclaimer: ['Haftung für Inhalte', 'Haftung für Links', 'Urheberrecht'],
  },
  en: {
    title: 'Legal Notice',
    lead: 'Section 5 of the German Digital Services Act',
    country: 'Germany',
    headings: [
      'Service provider',
      'Represented by',
      'Contact',
      'Commercial register',
      'VAT identification number',
      'Responsible for content pursuant to Section 18(2) of the German Interstate Media Treaty (MStV)',
      'Consumer dispute resolution',
      'Disclaimer',
    ],
    facts: ['Section 27a', 'neither willing nor obliged', 'Section 36'],
    disclaimer: ['Liability for content', 'Liability for links', 'Copyright'],
  },
  fr: {
    title: 'Mentions légales',
    lead: 'article 5 de la loi allemande sur les services numériques',
    country: 'Allemagne',
    headings: [
      'Éditeur du site',
      'Représentation légale',
      'Contact',
      'Immatriculation',
      'Numéro de TVA intracommunautaire',
      'Responsable du contenu au sens de l’article 18, paragraphe 2 du traité inter-Länder sur les médias (MStV)',
      'Règlement des litiges de consommation',
      'Clause de non-responsabilité',
    ],
    facts: ['article 27a', 'n’y sommes pas tenus', 'article 36'],
    disclaimer: ['Responsabilité quant aux contenus', 'Responsabilité quant aux liens', 'Droit d’auteur'],
  },
} as const;

describe('LegalPage', () => {
  for (const lng of languageCodes) {
    describe(`in ${lng}`, () => {
      it('has the sections of an Impressum, disclaimer included', () => {
        renderFinishedPage(<LegalPage />, { lng, path: '/legal' });
        expect(pageTitle()).toBe(expected[lng].title);
        expect(document.body).toHaveTextContent(expected[lng].lead);
        expect(headingTexts('h2')).toEqual(expected[lng].headings);
        expect(headingTexts('h3')).toEqual(expected[lng].disclaimer);
      });

      it('shows every fact § 5 DDG asks for, from the company config', () => {
        renderWithProviders(<LegalPage />, { lng, path: '/legal' });
        expectCompanyAddress(expected[lng].country);
        for (const fact of [
          company.representative,
          company.registerCourt,
          company.registerCourtDetails,
          company.registrationNumber,
          company.vatId,
          ...expected[lng].facts,
        ]) {
          expect(document.body).toHaveTextContent(fact);
        }
        expect(document.querySelector(`a[href="${company.phoneHref}"]`)).toHaveTextContent(company.phone);
        expect(document.querySelector(`a[href="mailto:${company.email}"]`)).toHaveTextContent(company.email);
        expect(document.body.textContent).not.toMatch(/\bTMG\b|\bTTDSG\b/);
      });
    });
  }
});
