import sharp from 'sharp';
import { defaultLanguage, languageCodes, languages } from '../../common/languages';
import { pageHref, pageUrl } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { company } from '../../common/company';
import { otherLanguage } from './support/addresses';
import { e2eBaseUrl } from './support/environment';
import { localeTexts } from './support/locales';
import { expect, test } from './support/test';

/** The content of every `<meta property|name="…">` in `html`, by that name. */
function metaTags(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const [, name = '', content = ''] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags.set(name, [...(tags.get(name) ?? []), content]);
  }
  return tags;
}

test('canonical and hreflang links follow the page and the language', async ({ page }) => {
  const lng = otherLanguage(defaultLanguage);
  const common = localeTexts(lng, 'common');
  await page.goto(pageHref('about', lng));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', pageUrl(e2eBaseUrl, 'about', lng));
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

  await page
    .getByRole('navigation', { name: common.nav.label })
    .getByRole('link', { name: common.pages.services, exact: true })
    .click();
  await expect(page).toHaveURL(pageHref('services', lng));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', pageUrl(e2eBaseUrl, 'services', lng));
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    pageUrl(e2eBaseUrl, 'services', defaultLanguage),
  );
  await expect(page).toHaveTitle(`${localeTexts(lng, 'services').meta.title} – ${company.shortName}`);
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
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: localeTexts('en', 'common').pages.legal, exact: true })
    .click();
  await expect(page).toHaveURL(pageHref('legal', 'en'));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('every page in every language is shared with a 1200 × 630 picture, its locale and the others', async ({
  request,
}) => {
  const checked = new Map<string, string>();
  const ogLocale = (lng: string) => languages.find((language) => language.code === lng)?.locale.replace('-', '_');
  for (const lng of languageCodes) {
    for (const { id } of sitePages) {
      const address = pageUrl(e2eBaseUrl, id, lng);
      const tags = metaTags(await (await request.get(pageHref(id, lng))).text());
      expect(tags.get('og:locale'), address).toEqual([ogLocale(lng)]);
      expect(tags.get('og:locale:alternate')?.sort(), address).toEqual(
        languageCodes
          .filter((other) => other !== lng)
          .map(ogLocale)
          .sort(),
      );
      expect(tags.get('og:url'), address).toEqual([address]);
      expect(tags.get('twitter:card'), address).toEqual(['summary_large_image']);
      expect(tags.get('og:image:width'), address).toEqual(['1200']);
      expect(tags.get('og:image:height'), address).toEqual(['630']);
      expect(tags.get('og:image:alt')?.[0], address).toMatch(/.{10,}/);
      expect(tags.get('twitter:image:alt'), address).toEqual(tags.get('og:image:alt'));
      const [image = ''] = tags.get('og:image') ?? [];
      expect(image, address).toMatch(new RegExp(`^${e2eBaseUrl}/assets/share-[\\w-]+\\.jpg$`));
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
