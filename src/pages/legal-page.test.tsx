import { describe, expect, it } from 'vitest';
import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { plainPageName } from '../../common/site-pages';
import { asShown, expectCompanyAddress, headingTexts, pageTitle, renderFinishedPage } from '../test/page-text';
import { renderWithProviders, textsOf } from '../test/render';
import LegalPage from './legal-page';

const ns = 'legal';

describe.each(languageCodes)('LegalPage in %s', (lng) => {
  const t = textsOf(lng);
  const path = pageHref('legal', lng);

  it('has the sections of an Impressum, disclaimer included', () => {
    renderFinishedPage(<LegalPage />, { lng, path });
    expect(pageTitle()).toBe(plainPageName(t(($) => $.pages.legal)));
    expect(document.body).toHaveTextContent(asShown(t(($) => $.lead, { ns })));
    expect(headingTexts('h2')).toEqual([
      t(($) => $.provider.title, { ns }),
      t(($) => $.representation.title, { ns }),
      t(($) => $.contact.title, { ns }),
      t(($) => $.register.title, { ns }),
      t(($) => $.vat.title, { ns }),
      t(($) => $.editorial.title, { ns }),
      t(($) => $.disputes.title, { ns }),
      t(($) => $.disclaimer.title, { ns }),
    ]);
    expect(headingTexts('h3')).toEqual(
      t(($) => $.disclaimer.content, { ns, returnObjects: true }).map((block) => block.title),
    );
  });

  it('shows every fact § 5 DDG asks for, from the company config', () => {
    renderWithProviders(<LegalPage />, { lng, path });
    expectCompanyAddress(lng);
    for (const fact of [
      company.representative,
      company.registerCourt,
      company.registerCourtDetails,
      company.registrationNumber,
      company.vatId,
    ]) {
      expect(document.body).toHaveTextContent(fact);
    }
    // The VAT number under § 27a UStG, and no consumer arbitration (§ 36 VSBG), cited in every language.
    expect(document.body).toHaveTextContent(asShown(t(($) => $.vat.text, { ns })));
    expect(t(($) => $.vat.text, { ns })).toMatch(/\b27a\b/);
    expect(document.body).toHaveTextContent(asShown(t(($) => $.disputes.text, { ns })));
    expect(t(($) => $.disputes.text, { ns })).toMatch(/\b36\b/);
    expect(document.querySelector(`a[href="${company.phoneHref}"]`)).toHaveTextContent(company.phone);
    expect(document.querySelector(`a[href="mailto:${company.email}"]`)).toHaveTextContent(company.email);
    expect(document.body.textContent).not.toMatch(/\bTMG\b|\bTTDSG\b/);
  });
});
