import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { JSDOM } from 'jsdom';
import { languageCodes, type Language } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { escapeRegExp, localeTexts } from './support/locales';
import { expect, test } from './support/test';

// The aborted picture is reported by the browser; that is the point of these tests.
test.use({ allowConsoleErrors: ['Failed to load resource'] });

const galleries = (page: Page) =>
  page
    .getByRole('main')
    .locator('ul')
    .filter({ has: page.locator('img[width="300"]') });
const logoSource = /\/assets\/logo-[\w-]+\.svg$/;

/** The goods of the galleries in a language, as the locale file names and describes them. */
const goodsIn = (lng: Language) => {
  const { imports, exports } = localeTexts(lng, 'services');
  return [...Object.values(imports.items), ...Object.values(exports.items)];
};

/** The gallery pictures of /services as the server sends them, in order: each one's alternative text and address. */
async function galleryPictures(request: APIRequestContext, lng: Language) {
  const html = await (await request.get(pageHref('services', lng))).text();
  const { document } = new JSDOM(html).window;
  return [...document.querySelectorAll<HTMLImageElement>('main ul img[width="300"]')].map((image) => ({
    alt: image.getAttribute('alt') ?? '',
    src: image.getAttribute('src') ?? '',
  }));
}

/** A route pattern for exactly this picture address. */
const exactly = (src: string) => new RegExp(`${escapeRegExp(src)}$`);

async function expectLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}

test.describe('services galleries', () => {
  test('show every imported and exported good as a 300 × 300 picture that loads lazily', async ({ page }) => {
    const lng = 'en';
    const goods = goodsIn(lng);
    await page.goto(pageHref('services', lng));
    const images = galleries(page).locator('img');
    await expect(images).toHaveCount(goods.length);
    // Below the page's title and introduction on every screen: none is the first screen's largest thing.
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('width', '300');
      await expect(image).toHaveAttribute('height', '300');
      await expect(image).toHaveAttribute('loading', 'lazy');
    }
    expect((await images.evaluateAll((all) => all.map((image) => image.getAttribute('alt')))).sort()).toEqual(
      goods.map((good) => good.alt).sort(),
    );
    // Shown at their own size, not scaled up to a wider column.
    for (const width of [1280, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const box = await images.first().boundingBox();
      expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([300, 300]);
    }
    for (const { name } of goods) {
      await expect(galleries(page).getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    }
  });

  test('describe their pictures in every language', async ({ request }) => {
    for (const lng of languageCodes) {
      expect((await galleryPictures(request, lng)).map((picture) => picture.alt).sort(), lng).toEqual(
        goodsIn(lng)
          .map((good) => good.alt)
          .sort(),
      );
    }
  });

  test('show the logo in place of a picture that fails to load', async ({ page, request }) => {
    // The first picture loads at once; the second loads lazily, like every later one.
    const [first, second] = await galleryPictures(request, 'en');
    if (!first || !second) throw new Error('The galleries need two pictures');
    // The failure is held back until the page is interactive, as when a visitor scrolls down later.
    let fail = () => {};
    const failing = new Promise<void>((resolve) => (fail = resolve));
    await page.route(exactly(second.src), async (route) => {
      await failing;
      await route.abort();
    });
    await page.goto(pageHref('services', 'en'));
    fail();
    const failed = page.getByRole('img', { name: second.alt, exact: true });
    const untouched = page.getByRole('img', { name: first.alt, exact: true });
    await failed.scrollIntoViewIfNeeded();
    await expect(failed).toHaveAttribute('src', logoSource);
    await expectLoaded(failed);
    // The others are untouched.
    await expect(untouched).toHaveAttribute('src', first.src);
    await expectLoaded(untouched);
  });

  test('show the logo even when the picture failed before the page became interactive', async ({ page, request }) => {
    // The first picture of each gallery fails; the last of all loads.
    const pictures = await galleryPictures(request, 'en');
    const imported = localeTexts('en', 'services').imports.items;
    const failing = [pictures[0], pictures[Object.keys(imported).length]];
    const loading = pictures.at(-1);
    // A tall window puts every picture in view at once, and held-back scripts make them fail first.
    await page.setViewportSize({ width: 1280, height: 6000 });
    for (const picture of failing) await page.route(exactly(picture?.src ?? ''), (route) => route.abort());
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(pageHref('services', 'en'));
    for (const picture of failing) {
      const image = page.getByRole('img', { name: picture?.alt, exact: true });
      await expect(image).toHaveAttribute('src', logoSource);
      await expectLoaded(image);
    }
    await expect(page.getByRole('img', { name: loading?.alt, exact: true })).toHaveAttribute('src', loading?.src ?? '');
  });
});

test('a photograph in a gallery, offered as AVIF, WebP and JPEG, also falls back to the logo', async ({ page }) => {
  // The shipped galleries are illustrations; here a <picture> as the build writes it for a photograph.
  await page.route(/\/assets\/harbour-\d+-x\.(avif|webp|jpg)$/, (route) => route.abort());
  await page.goto(pageHref('services', 'en'));
  const logo = await galleries(page).locator('img').first().getAttribute('data-fallback-src');
  expect(logo).toMatch(logoSource);
  await galleries(page)
    .locator('li')
    .first()
    .evaluate((item, fallback) => {
      const set = (format: string) => `/assets/harbour-300-x.${format} 300w, /assets/harbour-600-x.${format} 600w`;
      const picture = document.createElement('picture');
      for (const [type, format] of [
        ['image/avif', 'avif'],
        ['image/webp', 'webp'],
      ]) {
        const source = document.createElement('source');
        source.type = type ?? '';
        source.srcset = set(format ?? '');
        source.sizes = '300px';
        picture.append(source);
      }
      const image = document.createElement('img');
      Object.assign(image, { alt: 'The harbour at Tema', width: 300, height: 300, sizes: '300px' });
      image.srcset = set('jpg');
      image.src = '/assets/harbour-300-x.jpg';
      image.dataset.fallbackSrc = fallback ?? '';
      picture.append(image);
      item.prepend(picture);
    }, logo);
  const harbour = page.getByRole('img', { name: 'The harbour at Tema' });
  await expect(harbour).toHaveAttribute('src', logoSource);
  await expectLoaded(harbour);
  await expect(harbour).not.toHaveAttribute('srcset');
  expect(await harbour.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(logoSource);
});
