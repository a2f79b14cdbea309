import sharp from 'sharp';
import { languageCodes, languages } from '../../common/languages';
import { pageUrl } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { expect, test } from './support/test';

/** The content of every `<meta property|name="…">` in `html`, by that name. */
function metaTags(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const [, name = '', content = ''] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags.set(name, [...(tags.get(name) ?? []), content]);
  }
  return tags;
}

test('canonical and hreflang links follow the page and the language', async ({ page, baseURL }) => {
  await page.goto('/about?lng=fr');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/about?lng=fr`);
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(4);
  expect(
    await alternates.evaluateAll((links) =>
      links.map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`),
    ),
  ).toEqual([
    `de ${baseURL}/about`,
    `en ${baseURL}/about?lng=en`,
    `fr ${baseURL}/about?lng=fr`,
    `x-default ${baseURL}/about`,
  ]);

  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/services?lng=fr`);
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
  expect(sitemap).toContain(`<loc>${baseURL}/privacy?lng=en</loc>`);
  expect(sitemap).not.toContain('/newsletter/');
});

test('route changes scroll to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/about?lng=en');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Legal Notice' }).click();
  await expect(page).toHaveURL(/\/legal$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('every page in every language is shared with a 1200 × 630 picture, its locale and the others', async ({
  request,
  baseURL,
}) => {
  const checked = new Map<string, string>();
  const ogLocale = (lng: string) => languages.find((language) => language.code === lng)?.locale.replace('-', '_');
  for (const lng of languageCodes) {
    for (const { path } of sitePages) {
      const address = pageUrl(baseURL ?? '', path, lng);
      const tags = metaTags(await (await request.get(address)).text());
      expect(tags.get('og:locale'), address).toEqual([ogLocale(lng)]);
      expect(tags.get('og:locale:alternate')?.sort(), address).toEqual(
        languageCodes
          .filter((other) => other !== lng)
          .map(ogLocale)
          .sort(),
      );
      expect(tags.get('twitter:card'), address).toEqual(['summary_large_image']);
      expect(tags.get('og:image:width'), address).toEqual(['1200']);
      expect(tags.get('og:image:height'), address).toEqual(['630']);
      expect(tags.get('og:image:alt')?.[0], address).toMatch(/.{10,}/);
      const [image = ''] = tags.get('og:image') ?? [];
      expect(image, address).toMatch(new RegExp(`^${baseURL}/assets/share-[\\w-]+\\.jpg$`));
      if (checked.has(image)) continue;
      const answer = await request.get(image);
      expect(answer.headers()['content-type']).toBe('image/jpeg');
      expect(answer.headers()['cache-control']).toContain('immutable');
      const metadata = await sharp(await answer.body()).metadata();
      expect([metadata.width, metadata.height, metadata.exif]).toEqual([1200, 630, undefined]);
      checked.set(image, address);
    }
  }
  // A card per page and language, or the page's own picture shared in every language.
  expect(checked.size).toBeGreaterThan(sitePages.length);
});
