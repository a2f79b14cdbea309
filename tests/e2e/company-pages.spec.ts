import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import type { SitePageId } from '../../common/site-pages';
import { expect, test } from './support/test';

/** The careers, application and contact pages and the three legal texts. */
const pages = [
  'careers',
  'application-process',
  'contact',
  'terms',
  'privacy',
  'legal',
] as const satisfies SitePageId[];

for (const id of pages) {
  test.describe(id, () => {
    // axe checks these pages with all the others in accessibility.spec.ts.
    test('fits a 320 px wide screen without sideways scrolling', async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 720 });
      for (const lng of languageCodes) {
        await page.goto(pageHref(id, lng));
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, lng).toBe(0);
      }
    });
  });
}

test.describe('privacy policy', () => {
  test('its table of contents leads to each numbered section, clear of the fixed header', async ({ page }) => {
    await page.goto(pageHref('privacy', 'en'));
    const toc = page.getByRole('navigation', { name: 'Contents' });
    await expect(toc.getByRole('link')).toHaveCount(10);
    await toc.getByRole('link', { name: '6. Newsletter' }).click();
    await expect(page).toHaveURL(pageHref('privacy', 'en', { hash: 'newsletter' }));
    const heading = page.getByRole('heading', { level: 2, name: '6. Newsletter' });
    await expect(heading).toBeInViewport();
    const headerBottom = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
    const headingTop = await heading.evaluate((element) => element.getBoundingClientRect().top);
    expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
  });

  test('is linked from the application process, straight to the section on applications', async ({ page }) => {
    await page.goto(pageHref('application-process', 'de'));
    await page.getByRole('main').getByRole('link', { name: 'Datenschutzerklärung' }).click();
    await expect(page).toHaveURL(pageHref('privacy', 'de', { hash: 'applications' }));
    await expect(page.getByRole('heading', { level: 2, name: '7. Bewerbungen' })).toBeInViewport();
  });
});

test.describe('contact and application links', () => {
  test('the contact page links e-mail, phone and the career address', async ({ page }) => {
    await page.goto(pageHref('contact', 'en'));
    await expect(page.getByRole('link', { name: company.email })).toHaveAttribute('href', `mailto:${company.email}`);
    await expect(page.getByRole('link', { name: company.phone })).toHaveAttribute('href', company.phoneHref);
    await expect(page.getByRole('link', { name: company.careerEmail })).toHaveAttribute(
      'href',
      `mailto:${company.careerEmail}`,
    );
    await page.getByRole('link', { name: 'application process' }).click();
    await expect(page).toHaveURL(pageHref('application-process', 'en'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application process');
  });

  test('the application e-mail button starts a mail to the career address with the subject format', async ({
    page,
  }) => {
    await page.goto(pageHref('application-process', 'fr'));
    const button = page.getByRole('link', { name: 'Rédiger votre e-mail de candidature' });
    const href = await button.getAttribute('href');
    expect(href?.startsWith(`mailto:${company.careerEmail}?`)).toBe(true);
    expect(new URL(href ?? '').searchParams.get('subject')).toBe('Candidature – intitulé du poste – prénom et nom');
  });

  test('careers leads to the open positions', async ({ page }) => {
    await page.goto(pageHref('careers', 'en'));
    await page.getByRole('link', { name: 'Go to open positions' }).click();
    await expect(page).toHaveURL(pageHref('jobs', 'en'));
  });
});

test("legal texts reach the browser as the privacy page's HTML, never as scripts", async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push(await response.text());
  });
  const legalText = (bodies: string[]) => bodies.some((body) => /TDDDG|§ 18 Abs\. 2 MStV|Gerichtsstand/.test(body));
  await page.goto(pageHref('home', 'de'));
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(legalText(scripts)).toBe(false);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Datenschutz\u00ad?erklärung$/);
  await page.waitForLoadState('networkidle');
  expect(legalText([await page.content()])).toBe(true);
  expect(legalText(scripts)).toBe(false);
});
