import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatSalaryAmounts } from '../../common/jobs';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { builtInJobs } from './support/jobs';
import { atAddress, someJob } from './support/addresses';
import { escapeRegExp, languagesByLength, localeTexts } from './support/locales';
import { findPage } from '../../common/site-pages';
import { skipCookieBanner } from './support/consent';
import { waitForMail } from './support/mailbox';
import { expect, test, waitForApp } from './support/test';

/**
 * The jobs pages without a feed (the built-in jobs of docs/product.md#jobs), as a visitor sees them:
 * texts and jobs read from the locale files and the job registry. The feed's
 * pages are tested from the build in tests/process/jobs-feed.test.ts.
 */
const en = localeTexts('en', 'jobs');
const de = localeTexts(defaultLanguage, 'jobs');
const english = builtInJobs.en;
const german = builtInJobs[defaultLanguage];
const enJobs = pageHref('jobs', 'en');
const first = english[0];
if (!first) throw new Error('no built-in job');

const panel = (page: Page) => page.getByRole('tabpanel');
const cardTitles = (page: Page) => panel(page).getByRole('heading', { level: 2 });
const salaryText = (job: (typeof english)[number]) =>
  job.salary ? en.salary.range[job.salary.unit].replace('{{range}}', formatSalaryAmounts(job.salary, 'en').range) : '';

test.describe('job list', () => {
  test('shows every job under All with its pay, and filters by department', async ({ page }) => {
    await page.goto(enJobs);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.title);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(en.meta.title)}`));
    await expect(page.getByRole('tab', { name: en.departments.all })).toHaveAttribute('aria-selected', 'true');
    await expect(cardTitles(page)).toHaveText(english.map((job) => job.title));
    await expect(panel(page)).toContainText(en.count.replace('{{count}}', String(english.length)));
    await expect(panel(page)).toContainText(salaryText(first));

    const department = first.department as keyof typeof en.departments;
    await page.getByRole('tab', { name: en.departments[department] }).click();
    await expect(panel(page)).toHaveAccessibleName(en.departments[department]);
    await expect(cardTitles(page)).toHaveText(
      english.filter((job) => job.department === department).map((job) => job.title),
    );
  });
});

test.describe('a job’s own page', () => {
  test('has the job’s title as h1 and title, its pay, Apply now and Back', async ({ page }) => {
    await page.goto(enJobs);
    await page.getByRole('link', { name: first.title }).click();
    await expect(page).toHaveURL(atAddress(`${enJobs}?job=${first.id}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(first.title)}`));
    await expect(page.getByRole('main')).toContainText(salaryText(first));
    await page.getByRole('button', { name: en.detail.back }).click();
    await expect(page).toHaveURL(new RegExp(`${enJobs}\\??$`));
    await page.goBack();
    await page.getByRole('button', { name: en.detail.applyNow }).click();
    await expect(page).toHaveURL(new RegExp(`${pageHref('application-process', 'en')}\\??$`));
  });

  test('carries a complete JobPosting with its pay; the list carries none', async ({ request }) => {
    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
        (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
      );
    const postings = (html: string) => jsonLd(html).filter((data) => data['@type'] === 'JobPosting');
    // The list carries its breadcrumb trail only (src/app/structured-data.ts).
    expect(postings(await (await request.get(enJobs)).text())).toEqual([]);
    for (const job of english) {
      const [posting] = postings(await (await request.get(`${enJobs}?job=${job.id}`)).text());
      expect(posting).toMatchObject({
        '@type': 'JobPosting',
        title: job.title,
        datePosted: job.datePosted,
        identifier: { value: job.id },
        baseSalary: { currency: job.salary?.currency, value: { minValue: job.salary?.min, maxValue: job.salary?.max } },
        jobLocation: { '@type': 'Place' },
        directApply: false,
      });
    }
  });

  test('a job that never existed answers 404', async ({ request }) => {
    expect((await request.get(`${enJobs}?job=${someJob}-never`)).status()).toBe(404);
  });

  test('the sitemap lists every job in every language', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const job of english) {
      for (const lng of languageCodes) expect(sitemap).toContain(`${pageHref('jobs', lng)}?job=${job.id}</loc>`);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the cards, a job, Back and Apply now work', async ({ page }) => {
    await page.goto(pageHref('jobs', defaultLanguage));
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(german.map((job) => job.title));
    const job = german[1] ?? german[0];
    await page.getByRole('link', { name: job?.title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(job?.title ?? '');
    await page.getByRole('button', { name: de.detail.back }).click();
    await expect(page).toHaveURL(atAddress(pageHref('jobs', defaultLanguage)));
    await page.goBack();
    await page.getByRole('button', { name: de.detail.applyNow }).click();
    await expect(page).toHaveURL(atAddress(pageHref('application-process', defaultLanguage)));
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const address of [enJobs, `${enJobs}?job=${first.id}`]) {
      test(`${address} passes axe in the ${theme} theme`, async ({ page }) => {
        test.slow();
        if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
        await page.goto(address);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        expect(results.violations).toEqual([]);
      });
    }
  }

  test('nothing scrolls sideways on a 320 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    // In the language whose texts run longest.
    const [longest = defaultLanguage] = languagesByLength();
    for (const address of [pageHref('jobs', longest), `${pageHref('jobs', longest)}?job=${first.id}`]) {
      await page.goto(address);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    }
  });
});

test.describe('job alerts', () => {
  const alerts = localeTexts('en', 'job-alerts');
  const linkTo = (text: string | undefined, id: 'job-alerts-confirm' | 'job-alerts-unsubscribe') =>
    text?.match(new RegExp(`https?://\\S+${escapeRegExp(findPage(id).path)}\\?\\S+`))?.[0] ?? '';

  test('signs up on the jobs page, confirms through the mail, then unsubscribes through its other link', async ({
    page,
  }) => {
    await skipCookieBanner(page);
    const email = `kwame.${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(enJobs);
    await waitForApp(page);
    const region = page.getByRole('region', { name: alerts.title });
    await region.getByLabel(alerts.fields.email).fill('not an address');
    await region.getByRole('button', { name: alerts.submit }).click();
    // Checked as the server checks it, next to the field, and nothing sent.
    await expect(region.getByText(alerts.errors.invalidEmail)).toBeVisible();
    await region.getByLabel(alerts.fields.email).fill(email);
    await region.getByRole('checkbox', { name: en.departments.engineering }).check();
    await region.getByRole('button', { name: alerts.submit }).click();
    await expect(region.getByRole('status').filter({ hasText: alerts.pending })).toBeVisible();
    await expect(page).toHaveURL(enJobs);

    const mail = await waitForMail((m) => m.to?.[0]?.address === email);
    expect(mail.text).toContain(en.departments.engineering);
    await page.goto(linkTo(mail.text, 'job-alerts-confirm'));
    await page.getByRole('button', { name: alerts.confirm.button }).click();
    await expect(page.getByText(alerts.confirm.done)).toBeVisible();
    await page.goto(linkTo(mail.text, 'job-alerts-unsubscribe'));
    await page.getByRole('button', { name: alerts.unsubscribe.button }).click();
    await expect(page.getByText(alerts.unsubscribe.done)).toBeVisible();
  });
});
