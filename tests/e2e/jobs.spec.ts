import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { company } from '../../common/company';
import { siteUrlPlaceholder } from '../../common/page-placeholders';
import { languageCodes } from '../../common/languages';
import { pageHref, pageUrl } from '../../common/page-urls';
import { jobIds } from '../../src/content/jobs/jobs';
import { atAddress, jobHref } from './support/addresses';
import { holdRoute } from './support/hold-route';
import { expect, test } from './support/test';

const englishTitles = ['Business Strategist', 'HR Manager', 'IT Manager'];

/** The built chunk holding one language's job listings, to hold back or break in tests. */
function jobDataChunk(lng: string): string {
  const manifestFile = path.resolve(import.meta.dirname, '../../dist/client/.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[`src/content/jobs/jobs-${lng}.ts`];
  if (!chunk) throw new Error(`No job data chunk for ${lng} in the build`);
  return `**/${chunk.file}`;
}

const panel = (page: Page) => page.getByRole('tabpanel');
const cardTitles = (page: Page) => panel(page).getByRole('heading', { level: 2 });

async function switchLanguage(page: Page, menuName: string, language: string) {
  await page.getByRole('button', { name: menuName }).click();
  await page.getByRole('menuitemradio', { name: language }).click();
}

test.describe('job list', () => {
  test('shows every job under All and filters by department', async ({ page }) => {
    await page.goto(pageHref('jobs', 'en'));
    await expect(page.getByRole('tab')).toHaveText([
      'All',
      'Human Resources',
      'Consulting',
      'Operations',
      'Procurement',
      'Engineering',
    ]);
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel(page)).toHaveAccessibleName('All');
    await expect(cardTitles(page)).toHaveText(englishTitles);
    await expect(panel(page)).toContainText('Open positions: 3');

    const filters = [
      ['Human Resources', 'HR Manager'],
      ['Consulting', 'Business Strategist'],
      ['Engineering', 'IT Manager'],
    ] as const;
    for (const [tab, title] of filters) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { selected: true })).toHaveCount(1);
      await expect(panel(page)).toHaveAccessibleName(tab);
      await expect(cardTitles(page)).toHaveText([title]);
      const card = panel(page).getByRole('article');
      await expect(card).toContainText(tab);
      await expect(card).toContainText('Berlin, Germany');
      await expect(card).toContainText('Full-time');
    }

    await page.getByRole('tab', { name: 'All' }).click();
    await expect(cardTitles(page)).toHaveText(englishTitles);
  });

  for (const department of ['Operations', 'Procurement']) {
    test(`${department} has no openings and says how to stay in touch`, async ({ page }) => {
      await page.goto(pageHref('jobs', 'en'));
      await page.getByRole('tab', { name: department }).click();
      await expect(panel(page).getByRole('article')).toHaveCount(0);
      await expect(panel(page).getByRole('heading', { name: 'No openings at the moment' })).toBeVisible();
      // A speculative application is welcome; no talent pool is promised that nothing keeps.
      await expect(panel(page)).toContainText('A speculative application is still welcome');
      await expect(panel(page)).not.toContainText('talent pool');
      await expect(panel(page)).toContainText('Stay connected');
      await expect(panel(page).getByRole('link', { name: company.careerEmail })).toHaveAttribute(
        'href',
        `mailto:${company.careerEmail}`,
      );
      await panel(page).getByRole('link', { name: 'contact form' }).click();
      await expect(page).toHaveURL(pageHref('contact', 'en'));
    });
  }

  test('the empty state is written in German and French too', async ({ page }) => {
    await page.goto(pageHref('jobs', 'de'));
    await page.getByRole('tab', { name: 'Betrieb' }).click();
    await expect(panel(page).getByRole('heading', { name: 'Derzeit keine offenen Stellen' })).toBeVisible();
    await expect(panel(page)).toContainText('Initiativbewerbung');
    await page.goto(pageHref('jobs', 'fr'));
    await page.getByRole('tab', { name: 'Achats' }).click();
    await expect(panel(page).getByRole('heading', { name: 'Aucune offre d’emploi actuellement' })).toBeVisible();
    await expect(panel(page)).toContainText('candidature spontanée');
  });

  test('the tabs work by keyboard', async ({ page }) => {
    await page.goto(pageHref('jobs', 'en'));
    const tab = (name: string) => page.getByRole('tab', { name });
    await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
    await tab('All').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Human Resources')).toBeFocused();
    await expect(tab('Human Resources')).toHaveAttribute('aria-selected', 'true');
    await expect(cardTitles(page)).toHaveText(['HR Manager']);
    await page.keyboard.press('End');
    await expect(tab('Engineering')).toBeFocused();
    await expect(cardTitles(page)).toHaveText(['IT Manager']);
    await page.keyboard.press('ArrowRight');
    await expect(tab('All')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Engineering')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tab('All')).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveText('All');

    // One tab stop for the whole list of tabs, then the panel, then its first job.
    await page.keyboard.press('Tab');
    await expect(panel(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Business Strategist' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Business Strategist' })).toBeFocused();
  });
});

test.describe('job detail', () => {
  test('opens from its card, and Back returns to the list and the card', async ({ page }) => {
    await page.goto(pageHref('jobs', 'en'));
    await page.getByRole('tab', { name: 'Human Resources' }).click();
    await page.getByRole('link', { name: 'HR Manager' }).click();

    // The language chosen in the address stays chosen.
    await expect(page).toHaveURL(jobHref('job-002', 'en'));
    const heading = page.getByRole('heading', { level: 2, name: 'HR Manager' });
    await expect(heading).toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open positions');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('tablist')).toHaveCount(0);
    const detail = page.getByRole('article', { name: 'HR Manager' });
    await expect(detail).toContainText('Human Resources');
    await expect(detail).toContainText('Berlin, Germany');
    await expect(detail).toContainText('Full-time');
    await expect(detail.getByRole('heading', { level: 3 })).toHaveText([
      'Your responsibilities',
      'Your profile',
      'What we offer',
      'How to apply',
    ]);
    const benefits = detail.getByRole('region', { name: 'What we offer' });
    await expect(benefits).toContainText(
      '25 days of paid leave a year on a five-day week, plus 2 extra days for your personal development',
    );
    await expect(benefits).toContainText('Mobile working for up to 20% of your working time');
    await expect(detail).toContainText('Application – HR Manager – full name');
    await expect(page).toHaveTitle('HR Manager – Open positions – Westbridge');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(pageHref('jobs', 'en'));
    await expect(page.getByRole('link', { name: 'HR Manager' })).toBeFocused();
    // The filter chosen before opening the job is still applied.
    await expect(page.getByRole('tab', { name: 'Human Resources' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle('Open positions – Westbridge');
    // Back went back in history, so forward reopens the job.
    await page.goForward();
    await expect(page.getByRole('heading', { level: 2, name: 'HR Manager' })).toBeVisible();
  });

  test('shows supporting responsibilities when a job has them', async ({ page }) => {
    await page.goto(jobHref('job-003', 'en'));
    const supporting = page.getByRole('region', { name: 'Further responsibilities' });
    await expect(supporting.getByRole('listitem')).toHaveCount(3);
  });

  test("the browser's back button returns to the list", async ({ page }) => {
    await page.goto(pageHref('jobs', 'en'));
    await page.getByRole('link', { name: 'Business Strategist' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Business Strategist' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(pageHref('jobs', 'en'));
    await expect(cardTitles(page)).toHaveText(englishTitles);
    await expect(page.getByRole('link', { name: 'Business Strategist' })).toBeFocused();
    await page.goForward();
    await expect(page).toHaveURL(jobHref('job-001', 'en'));
    await expect(page.getByRole('heading', { level: 2, name: 'Business Strategist' })).toBeVisible();
  });

  test('Apply now leads to the application process', async ({ page }) => {
    await page.goto(jobHref('job-003', 'en'));
    await page.getByRole('button', { name: 'Apply now' }).click();
    await expect(page).toHaveURL(atAddress(pageHref('application-process', 'en')));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application process');
  });

  test('a deep link opens the job directly, and Back leads to the list', async ({ page, baseURL }) => {
    await page.goto(jobHref('job-002', 'en'));
    await expect(page.getByRole('heading', { level: 2, name: 'HR Manager' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      pageUrl(baseURL ?? '', 'jobs', 'en', { job: 'job-002' }),
    );
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(pageHref('jobs', 'en'));
    await expect(cardTitles(page)).toHaveText(englishTitles);
    await expect(page.getByRole('link', { name: 'HR Manager' })).toBeFocused();
  });

  test('every job is prerendered with its detail and its own head', async ({ request }) => {
    const response = await request.get(jobHref('job-002', 'en'));
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>HR Manager – Open positions – Westbridge</title>');
    expect(html).toMatch(/<h2[^>]*>HR Manager<\/h2>/);
    expect(html).toContain('Your responsibilities');
    expect(html).not.toContain('Loading job listings');
    expect(html).not.toContain('role="tablist"');

    const list = await (await request.get(pageHref('jobs', 'fr'))).text();
    for (const title of [
      'Consultant en stratégie (H/F/D)',
      'Responsable RH (H/F/D)',
      'Responsable informatique (H/F/D)',
    ]) {
      expect(list).toContain(`>${title}</a></h2>`);
    }
    expect(list).not.toContain('Chargement des offres');
  });

  test('the title follows the job into another language', async ({ page }) => {
    await page.goto(jobHref('job-002', 'en'));
    await expect(page).toHaveTitle('HR Manager – Open positions – Westbridge');
    await switchLanguage(page, 'Language', 'Français');
    await expect(page).toHaveURL(jobHref('job-002', 'fr'));
    await expect(page.getByRole('heading', { level: 2, name: 'Responsable RH (H/F/D)' })).toBeVisible();
    await expect(page).toHaveTitle('Responsable RH (H/F/D) – Offres d’emploi – Westbridge');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /ressources humaines/);
  });

  test('a link to a job that is gone shows the list with a note', async ({ page }) => {
    await page.goto(pageHref('jobs', 'en', { variant: { job: 'job-999' } }));
    await expect(page.getByText('This position is no longer advertised.')).toBeVisible();
    await expect(page).toHaveURL(pageHref('jobs', 'en'));
    await expect(cardTitles(page)).toHaveText(englishTitles);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a deep link shows the job, and Back, the cards and Apply now work', async ({ page }) => {
    await page.goto(jobHref('job-002', 'de'));
    await expect(page.getByRole('heading', { level: 2, name: 'HR-Manager (m/w/d)' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Das bieten wir' })).toBeVisible();

    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect(page).toHaveURL(atAddress(pageHref('jobs', 'de')));
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Business Strategist (m/w/d)',
      'HR-Manager (m/w/d)',
      'IT-Manager (m/w/d)',
    ]);

    await page.getByRole('link', { name: 'IT-Manager (m/w/d)' }).click();
    await expect(page).toHaveURL(jobHref('job-003', 'de'));
    await page.getByRole('button', { name: 'Jetzt bewerben' }).click();
    await expect(page).toHaveURL(atAddress(pageHref('application-process', 'de')));
  });
});

test.describe('loading and failing', () => {
  // The prerendered list stays on screen while the board's listings load; only what fails is replaced.
  test.use({ allowConsoleErrors: ['Failed to load job listings', 'Failed to load resource', 'net::ERR_FAILED'] });

  test('the listings that cannot be loaded: the error in red, a retry that shows loading, then the jobs', async ({
    page,
  }) => {
    await page.route(jobDataChunk('en'), (route) => route.abort());
    await page.goto(jobHref('job-001', 'en'), { waitUntil: 'load' });

    const error = page.getByRole('alert');
    await expect(error).toContainText('Failed to load job listings');
    await expect(error.getByText('Failed to load job listings')).toHaveCSS('color', 'rgb(185, 28, 28)');

    await page.unroute(jobDataChunk('en'));
    const release = await holdRoute(page, jobDataChunk('en'));
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('status')).toHaveText('Loading job listings...');
    release();
    await expect(page.getByRole('heading', { level: 2, name: 'Business Strategist' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('in French, reached from the sitemap', async ({ page }) => {
    await page.goto(pageHref('sitemap', 'fr'));
    await page.route(jobDataChunk('fr'), (route) => route.abort());
    await page
      .getByRole('main')
      .locator(`a[href="${pageHref('jobs', 'fr')}"]`)
      .click();
    await expect(page).toHaveURL(pageHref('jobs', 'fr'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offres d’emploi');
    await expect(page.getByRole('alert')).toContainText('Échec du chargement des offres d’emploi');

    await page.unroute(jobDataChunk('fr'));
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(cardTitles(page)).toHaveCount(3);
  });
});

test.describe('accessibility', () => {
  const views = [
    { name: 'the list', address: pageHref('jobs', 'en'), tab: null },
    { name: 'the empty state', address: pageHref('jobs', 'en'), tab: 'Operations' },
    { name: 'a job', address: jobHref('job-001', 'en'), tab: null },
  ];
  for (const theme of ['light', 'dark'] as const) {
    for (const view of views) {
      test(`${view.name} passes axe in the ${theme} theme`, async ({ page }) => {
        // axe is heavy on a loaded machine; its result, not its speed, is the test.
        test.slow();
        if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
        await page.goto(view.address);
        if (view.tab) await page.getByRole('tab', { name: view.tab }).click();
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        expect(results.violations).toEqual([]);
      });
    }
  }

  test('nothing scrolls sideways on a 320 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const address of [pageHref('jobs', 'fr'), jobHref('job-001', 'fr')]) {
      await page.goto(address);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    }
  });
});

test.describe('JobPosting structured data', () => {
  const jsonLdOf = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
    );

  test('every job in every language carries a complete JobPosting', async ({ request, baseURL }) => {
    for (const lng of languageCodes) {
      for (const id of jobIds) {
        const address = jobHref(id, lng);
        const html = await (await request.get(address)).text();
        expect(html, address).not.toContain(siteUrlPlaceholder);
        const postings = jsonLdOf(html);
        expect(postings, address).toHaveLength(1);
        const posting = postings[0] ?? {};
        const visibleTitle = /<main[\s\S]*?<h2[^>]*>([^<]+)<\/h2>/.exec(html)?.[1];
        expect(posting, address).toMatchObject({
          '@context': 'https://schema.org',
          '@type': 'JobPosting',
          title: visibleTitle,
          identifier: { value: id },
          url: pageUrl(baseURL ?? '', 'jobs', lng, { job: id }),
          employmentType: 'FULL_TIME',
          directApply: false,
          hiringOrganization: {
            '@type': 'Organization',
            name: company.name,
            url: pageUrl(baseURL ?? '', 'home', lng),
            sameAs: expect.arrayContaining([company.social.linkedin]) as unknown,
          },
          jobLocation: {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              streetAddress: company.streetAddress,
              postalCode: company.postCode,
              addressLocality: company.city,
              addressCountry: 'DE',
            },
          },
          applicationContact: { '@type': 'ContactPoint', email: company.careerEmail },
        });
        expect(posting.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(String(posting.validThrough) > String(posting.datePosted)).toBe(true);
        expect(posting.description).toEqual(expect.stringContaining('<li>'));
        expect(posting.description).toEqual(expect.stringContaining(company.careerEmail));
        expect(posting.description).toEqual(expect.stringContaining('25'));
      }
    }
  });

  test('the sitemap lists every job in every language', async ({ request, baseURL }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const id of jobIds) {
      for (const lng of languageCodes)
        expect(sitemap).toContain(`<loc>${pageUrl(baseURL ?? '', 'jobs', lng, { job: id })}</loc>`);
    }
  });

  test('the list carries none, and a job opened in the browser carries its own', async ({ page }) => {
    await page.goto(pageHref('jobs', 'en'));
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    await page.getByRole('link', { name: 'IT Manager' }).click();
    const script = page.locator('script[type="application/ld+json"]');
    await expect(script).toHaveCount(1);
    expect(JSON.parse((await script.textContent()) ?? '')).toMatchObject({
      '@type': 'JobPosting',
      title: 'IT Manager',
    });
  });
});
