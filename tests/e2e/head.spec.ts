import { languageCodes } from '../../common/languages';
import { localizedPath } from '../../common/page-urls';
import { expect, test } from './support/test';

test('canonical and hreflang links follow the page and the language', async ({ page, baseURL }) => {
  await page.goto(localizedPath('/about', 'fr'));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}${localizedPath('/about', 'fr')}`,
  );
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(languageCodes.length + 1);
  expect(
    await alternates.evaluateAll((links) =>
      links.map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`),
    ),
  ).toEqual([
    ...languageCodes.map((lng) => `${lng} ${baseURL}${localizedPath('/about', lng)}`),
    `x-default ${baseURL}/about`,
  ]);

  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(`${baseURL}${localizedPath('/services', 'fr')}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}${localizedPath('/services', 'fr')}`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    `${baseURL}/services`,
  );
  await expect(page).toHaveTitle('Nos services – Westbridge');
});

test('German pages have no language parameter in their canonical link', async ({ page, baseURL }) => {
  await page.goto('/about');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/about`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
});

test('the sitemap and robots.txt use the site address', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const lng of languageCodes) expect(sitemap).toContain(`<loc>${baseURL}${localizedPath('/privacy', lng)}</loc>`);
  expect(sitemap).not.toContain('/newsletter/');
});

test('route changes scroll to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto(localizedPath('/about', 'en'));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Legal Notice' }).click();
  await expect(page).toHaveURL(/\/legal$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
