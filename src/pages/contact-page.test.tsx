import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageHref } from '../../common/page-urls';
import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';
import { retention } from '../../common/retention';
import { periodText } from '../hooks/use-period-text';
import { expectCompanyAddress, headingTexts, renderFinishedPage } from '../test/page-text';
import { renderWithProviders, textsOf } from '../test/render';
import ContactPage from './contact-page';

const ns = 'contact';
const link = (href: string) => document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`);

describe.each(languageCodes)('ContactPage in %s', (lng) => {
  const t = textsOf(lng);
  const path = pageHref('contact', lng);
  const writeToUs = t(($) => $.writeToUs.title, { ns });

  it('puts the form first under its heading, then the contact details and other ways to reach the company', () => {
    renderFinishedPage(<ContactPage />, { lng, path });
    expect(headingTexts('h2')).toEqual([
      writeToUs,
      t(($) => $.details.title, { ns }),
      t(($) => $.channels.title, { ns }),
    ]);
    const formSection = screen.getByRole('region', { name: writeToUs });
    expect(formSection.querySelector('form')).not.toBeNull();
  });

  it('tells the sender under the form what becomes of the message, with a link to the privacy policy', () => {
    renderWithProviders(<ContactPage />, { lng, path });
    const form = screen.getByRole('region', { name: writeToUs }).querySelector('form');
    expect(form).toHaveTextContent(periodText(t, lng, retention.contactMessages));
    expect(form?.querySelector(`a[href="${pageHref('privacy', lng)}"]`)?.textContent?.trim()).not.toBe('');
  });

  it('links e-mail and phone, and shows the postal address', () => {
    renderWithProviders(<ContactPage />, { lng, path });
    expect(link(`mailto:${company.email}`)).toHaveTextContent(company.email);
    expect(link(company.phoneHref)).toHaveTextContent(company.phone);
    expectCompanyAddress(lng);
  });

  it('sends job applications to the career address and privacy questions to the privacy address', () => {
    renderWithProviders(<ContactPage />, { lng, path });
    expect(link(`mailto:${company.careerEmail}`)).toHaveTextContent(company.careerEmail);
    expect(link(pageHref('application-process', lng))).toBeInTheDocument();
    expect(link(`mailto:${company.privacyEmail}`)).toHaveTextContent(company.privacyEmail);
  });

  it('opens the social networks in a new tab and says so', () => {
    renderWithProviders(<ContactPage />, { lng, path });
    for (const [network, href] of Object.entries(company.social)) {
      const social = link(href);
      expect(social).toHaveAttribute('target', '_blank');
      expect(social).toHaveAttribute('rel', 'noopener noreferrer');
      expect(social).toHaveTextContent(t(($) => $.footer.opensInNewTab));
      expect(social).toHaveTextContent(t(($) => $.footer.social[network as keyof typeof company.social]));
    }
  });
});
