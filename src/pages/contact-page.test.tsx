import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageHref } from '../../common/page-urls';
import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';
import { expectCompanyAddress, headingTexts, renderFinishedPage } from '../test/page-text';
import { renderWithProviders } from '../test/render';
import ContactPage from './contact-page';

const expected = {
  de: {
    headings: ['Kontaktdaten', 'Weitere Kontaktwege'],
    country: 'Deutschland',
    writeToUs: 'Schreiben Sie uns',
    newTab: '(öffnet in neuem Tab)',
    notice: ['löschen sie 180 Tage nach Eingang', 'Datenschutzerklärung'],
  },
  en: {
    headings: ['Contact details', 'Other ways to reach us'],
    country: 'Germany',
    writeToUs: 'Write to us',
    newTab: '(opens in a new tab)',
    notice: ['180 days after receipt', 'privacy policy'],
  },
  fr: {
    headings: ['Coordonnées', 'Autres moyens de nous joindre'],
    country: 'Allemagne',
    writeToUs: 'Écrivez-nous',
    newTab: '(s’ouvre dans un nouvel onglet)',
    notice: ['180 jours après leur réception', 'politique de confidentialité'],
  },
} as const;

const link = (href: string) => document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`);

describe('ContactPage', () => {
  for (const lng of languageCodes) {
    describe(`in ${lng}`, () => {
      it('puts the form first under its heading, then the contact details and other ways to reach the company', () => {
        renderFinishedPage(<ContactPage />, { lng, path: '/contact' });
        expect(headingTexts('h2')).toEqual([expected[lng].writeToUs, ...expected[lng].headings]);
        const formSection = screen.getByRole('region', { name: expected[lng].writeToUs });
        expect(formSection.querySelector('form')).not.toBeNull();
      });

      it('tells the sender under the form what becomes of the message, with a link to the privacy policy', () => {
        renderWithProviders(<ContactPage />, { lng, path: '/contact' });
        const form = screen.getByRole('region', { name: expected[lng].writeToUs }).querySelector('form');
        const [period, linkText] = expected[lng].notice;
        expect(form).toHaveTextContent(period);
        expect(form?.querySelector(`a[href="${pageHref('privacy', lng)}"]`)).toHaveTextContent(linkText);
      });

      it('links e-mail and phone, and shows the postal address', () => {
        renderWithProviders(<ContactPage />, { lng, path: '/contact' });
        expect(link(`mailto:${company.email}`)).toHaveTextContent(company.email);
        expect(link(company.phoneHref)).toHaveTextContent(company.phone);
        expect(company.phoneHref).toBe(`tel:${company.phone.replace(/\s/g, '')}`);
        expectCompanyAddress(expected[lng].country);
      });

      it('sends job applications to the career address and privacy questions to the privacy address', () => {
        renderWithProviders(<ContactPage />, { lng, path: '/contact' });
        expect(link(`mailto:${company.careerEmail}`)).toHaveTextContent(company.careerEmail);
        expect(link(pageHref('application-process', lng))).toBeInTheDocument();
        expect(link(`mailto:${company.privacyEmail}`)).toHaveTextContent(company.privacyEmail);
      });

      it('opens the social networks in a new tab and says so', () => {
        renderWithProviders(<ContactPage />, { lng, path: '/contact' });
        for (const href of Object.values(company.social)) {
          const social = link(href);
          expect(social).toHaveAttribute('target', '_blank');
          expect(social).toHaveAttribute('rel', 'noopener noreferrer');
          expect(social).toHaveTextContent(expected[lng].newTab);
        }
        expect(screen.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('href', company.social.linkedin);
      });
    });
  }
});
