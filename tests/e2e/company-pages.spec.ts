import { company } from '../../common/company';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { escapeRegExp, localeTexts } from './support/locales';
import { expect, test } from './support/test';

/** A numbered section heading of a legal text: "6. Newsletter". */
const numbered = (title: string) => new RegExp(`^\\d+\\.\\s${escapeRegExp(title)}$`);

test.describe('privacy policy', () => {
  test('its table of contents leads to each numbered section, clear of the fixed header', async ({ page }) => {
    const lng = 'en';
    const privacy = localeTexts(lng, 'privacy');
    await page.goto(pageHref('privacy', lng));
    const toc = page.getByRole('navigation', { name: privacy.toc });
    await expect(toc.getByRole('link')).toHaveCount(Object.keys(privacy.sections).length);
    await toc.getByRole('link', { name: numbered(privacy.sections.newsletter.title) }).click();
    await expect(page).toHaveURL(pageHref('privacy', lng, { hash: 'newsletter' }));
    const heading = page.getByRole('heading', { level: 2, name: numbered(privacy.sections.newsletter.title) });
    await expect(heading).toBeInViewport();
    const headerBottom = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
    const headingTop = await heading.evaluate((element) => element.getBoundingClientRect().top);
    expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
  });

  test('is linked from the application process, straight to the section on applications', async ({ page }) => {
    const lng = defaultLanguage;
    const target = pageHref('privacy', lng, { hash: 'applications' });
    await page.goto(pageHref('application-process', lng));
    await page.getByRole('main').locator(`a[href="${target}"]`).first().click();
    await expect(page).toHaveURL(target);
    await expect(
      page.getByRole('heading', { level: 2, name: numbered(localeTexts(lng, 'privacy').sections.applications.title) }),
    ).toBeInViewport();
  });
});

test.describe('contact and application links', () => {
  test('the contact page links e-mail, phone and the career address', async ({ page }) => {
    const lng = 'en';
    await page.goto(pageHref('contact', lng));
    await expect(page.getByRole('link', { name: company.email })).toHaveAttribute('href', `mailto:${company.email}`);
    await expect(page.getByRole('link', { name: company.phone })).toHaveAttribute('href', company.phoneHref);
    await expect(page.getByRole('link', { name: company.careerEmail })).toHaveAttribute(
      'href',
      `mailto:${company.careerEmail}`,
    );
    await page
      .getByRole('main')
      .locator(`a[href="${pageHref('application-process', lng)}"]`)
      .click();
    await expect(page).toHaveURL(pageHref('application-process', lng));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeTexts(lng, 'application-process').title);
  });

  test('the application e-mail button starts a mail to the career address with the subject format', async ({
    page,
  }) => {
    const lng = languageCodes.at(-1) ?? defaultLanguage;
    const texts = localeTexts(lng, 'application-process');
    await page.goto(pageHref('application-process', lng));
    const button = page.getByRole('link', { name: texts.email.button });
    const href = await button.getAttribute('href');
    expect(href?.startsWith(`mailto:${company.careerEmail}?`)).toBe(true);
    expect(new URL(href ?? '').searchParams.get('subject')).toBe(texts.subject.format);
  });

  test('careers leads to the open positions', async ({ page }) => {
    const lng = 'en';
    await page.goto(pageHref('careers', lng));
    await page.getByRole('link', { name: localeTexts(lng, 'careers').openings.jobsLink }).click();
    await expect(page).toHaveURL(pageHref('jobs', lng));
  });
});

test("legal texts reach the browser as the privacy page's HTML, never as scripts", async ({ page }) => {
  const lng = defaultLanguage;
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push(await response.text());
  });
  // A sentence of each legal text, as its locale file writes it.
  const samples = [
    localeTexts(lng, 'privacy').lead,
    localeTexts(lng, 'terms').lead,
    localeTexts(lng, 'legal').disputes.text,
  ];
  const legalText = (bodies: string[]) => bodies.some((body) => samples.some((sample) => body.includes(sample)));
  await page.goto(pageHref('home', lng));
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(legalText(scripts)).toBe(false);
  const name = localeTexts(lng, 'common').pages.privacy;
  await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.waitForLoadState('networkidle');
  expect(legalText([await page.content()])).toBe(true);
  expect(legalText(scripts)).toBe(false);
});
