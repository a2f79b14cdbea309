import { afterEach, describe, expect, it } from 'vitest';
import { pageHref } from '../../common/page-urls';
import { company } from '../../common/company';
import { employment } from '../../common/employment';
import { languageCodes } from '../../common/languages';
import { retention } from '../../common/retention';
import { periodText } from '../hooks/use-period-text';
import { headingTexts, renderFinishedPage } from '../test/page-text';
import { renderWithProviders, textsOf } from '../test/render';
import ApplicationProcessPage from './application-process-page';

const ns = 'application-process';

// Without a jobs feed (src/app/jobs-source-texts.test.tsx checks the pages with one).
afterEach(() => document.documentElement.removeAttribute('data-jobs-source'));

describe.each(languageCodes)('ApplicationProcessPage in %s', (lng) => {
  const t = textsOf(lng);

  it('explains every step, from the e-mail to the deletion of the data', () => {
    document.documentElement.setAttribute('data-jobs-source', 'built-in');
    renderFinishedPage(<ApplicationProcessPage />, { lng, path: pageHref('application-process', lng) });
    expect(headingTexts('h2')).toEqual([
      t(($) => $.email.title, { ns }),
      t(($) => $.subject.title, { ns }),
      t(($) => $.documents.title, { ns }),
      t(($) => $.dataProtection.title, { ns }),
      t(($) => $.selection.title, { ns }),
      t(($) => $.feedback.title, { ns }),
      t(($) => $.deletion.title, { ns }),
      t(($) => $.next.title, { ns }),
    ]);
    const steps = [...document.querySelectorAll('ol > li h3')].map((heading) => heading.textContent);
    expect(steps).toEqual(t(($) => $.selection.steps, { ns, returnObjects: true }).map((step) => step.title));
    expect(document.querySelectorAll('ul li')).not.toHaveLength(0);
    // The promises of docs/product.md#applications and the period of common/retention.ts, in the page's words.
    const { receiptConfirmationDays: receipt, introCallMinutes: call } = employment;
    for (const [low, high] of [
      [receipt.min, receipt.max],
      [call.min, call.max],
    ])
      expect(document.body.textContent).toMatch(new RegExp(`\\b${low}\\b[^\\d]{1,12}\\b${high}\\b`));
    expect(document.body).toHaveTextContent(periodText(t, lng, retention.applications));
  });

  it('shows the subject line format and sends applications to the career address', () => {
    renderWithProviders(<ApplicationProcessPage />, { lng, path: pageHref('application-process', lng) });
    const subject = t(($) => $.subject.format, { ns });
    const format = [...document.querySelectorAll('p')].find((p) => p.textContent === subject);
    expect(format, 'the subject format on a line of its own').toBeDefined();
    const mailLinks = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="mailto:"]')];
    expect(mailLinks.length).toBeGreaterThanOrEqual(2);
    for (const link of mailLinks)
      expect(link.getAttribute('href')).toMatch(new RegExp(`^mailto:${company.careerEmail}($|\\?)`));
    const button = mailLinks.find((link) => link.getAttribute('href')?.includes('?subject='));
    expect(new URL(button?.getAttribute('href') ?? '').searchParams.get('subject')).toBe(subject);
    expect(document.body).toHaveTextContent(company.careerEmail);
  });

  it('links to the privacy policy and to the open positions', () => {
    renderWithProviders(<ApplicationProcessPage />, { lng, path: pageHref('application-process', lng) });
    const hrefs = [...document.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(hrefs).toContain(pageHref('privacy', lng, { hash: 'applications' }));
    expect(hrefs).toContain(pageHref('jobs', lng));
  });
});
