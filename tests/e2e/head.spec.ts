import { defaultLanguage, languageCodes } from '../../common/languages';
import { pageHref, pageUrl } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { e2eBaseUrl } from './support/environment';
import { expect, test } from './support/test';

test('canonical and hreflang links follow the page and the language', async ({ page }) => {
  await page.goto(pageHref('about', 'fr'));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', pageUrl(e2eBaseUrl, 'about', 'fr'));
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(languageCodes.length + 1);
  expect(
    await alternates.evaluateAll((links) =>
      links.map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`),
    ),
  ).toEqual([
    ...languageCodes.map((lng) => `${lng} ${pageUrl(e2eBaseUrl, 'about', lng)}`),
    `x-default ${pageUrl(e2eBaseUrl, 'about', defaultLanguage)}`,
  ]);

  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(pageHref('services', 'fr'));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', pageUrl(e2eBaseUrl, 'services', 'fr'));
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    pageUrl(e2eBaseUrl, 'services', defaultLanguage),
  );
  await expect(page).toHaveTitle('Nos services – Westbridge');
});

test('every page of every language names its own address as canonical, without a language parameter', async ({
  request,
}) => {
  const problems: string[] = [];
  for (const lng of languageCodes) {
    for (const { id } of sitePages) {
      const html = await (await request.get(pageHref(id, lng))).text();
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
      if (canonical !== pageUrl(e2eBaseUrl, id, lng)) problems.push(`${id} in ${lng}: canonical ${canonical}`);
      if (!/<meta name="description" content="[^"]+"/.test(html)) problems.push(`${id} in ${lng}: no description`);
    }
  }
  expect(problems).toEqual([]);
});

test('the sitemap and robots.txt use the site address', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain(`Sitemap: ${e2eBaseUrl}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const page of sitePages) {
    for (const lng of languageCodes) {
      const loc = `<loc>${pageUrl(e2eBaseUrl, page.id, lng)}</loc>`;
      if (page.sitemap) expect(sitemap).toContain(loc);
      else expect(sitemap).not.toContain(loc);
    }
  }
  expect(sitemap).not.toContain('lng=');
});

test('route changes scroll to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto(pageHref('about', 'en'));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Legal Notice' }).click();
  await expect(page).toHaveURL(pageHref('legal', 'en'));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
