import type { Locator, Page } from '@playwright/test';
import { pageHref } from '../../common/page-urls';
import { expect, test } from './support/test';

// The aborted picture is reported by the browser; that is the point of these tests.
test.use({ allowConsoleErrors: ['Failed to load resource'] });

const galleries = (page: Page) =>
  page
    .getByRole('main')
    .locator('ul')
    .filter({ has: page.locator('img[width="300"]') });
const logoSource = /\/assets\/logo-[\w-]+\.svg$/;

async function expectLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}

test.describe('services galleries', () => {
  test('show every imported and exported good as a 300 × 300 picture that loads lazily, except the first', async ({
    page,
  }) => {
    await page.goto(pageHref('services', 'en'));
    const images = galleries(page).locator('img');
    await expect(images).toHaveCount(14);
    // Below the page's title and introduction on every screen: none is the first screen's largest thing.
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('width', '300');
      await expect(image).toHaveAttribute('height', '300');
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(image).toHaveAttribute('alt', /^Illustration of .{10,}/);
    }
    // Shown at their own size, not scaled up to a wider column.
    for (const width of [1280, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const box = await images.first().boundingBox();
      expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([300, 300]);
    }
    for (const name of [
      'Cocoa',
      'Cashew kernels',
      'Ginger',
      'Sesame',
      'Moringa',
      'Vehicles',
      'Laptops',
      'Desktop computers',
      'Printers',
    ]) {
      await expect(galleries(page).getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    }
  });

  test('describe their pictures in German and French', async ({ page }) => {
    await page.goto(pageHref('services', 'de'));
    await expect(
      page.getByRole('img', { name: 'Illustration einer Kakaofrucht mit Blatt und vier getrockneten Kakaobohnen' }),
    ).toHaveCount(1);
    await page.goto(pageHref('services', 'fr'));
    await expect(page.getByRole('img', { name: /^Illustration d’une cabosse de cacao/ })).toHaveCount(1);
  });

  test('show the logo in place of a picture that fails to load', async ({ page }) => {
    // The failure is held back until the page is interactive, as when a visitor scrolls down later.
    let fail = () => {};
    const failing = new Promise<void>((resolve) => (fail = resolve));
    // The first picture loads at once; the second loads lazily, like every later one.
    await page.route(/\/assets\/cashew-[\w-]+\.svg$/, async (route) => {
      await failing;
      await route.abort();
    });
    await page.goto(pageHref('services', 'en'));
    fail();
    const cashew = page.getByRole('img', { name: /cashew apple/ });
    const cocoa = page.getByRole('img', { name: /cocoa pod/ });
    await cashew.scrollIntoViewIfNeeded();
    await expect(cashew).toHaveAttribute('src', logoSource);
    await expectLoaded(cashew);
    // The others are untouched.
    await expect(cocoa).toHaveAttribute('src', /\/assets\/cocoa-[\w-]+\.svg$/);
    await expectLoaded(cocoa);
  });

  test('show the logo even when the picture failed before the page became interactive', async ({ page }) => {
    // A tall window puts every picture in view at once, and held-back scripts make them fail first.
    await page.setViewportSize({ width: 1280, height: 6000 });
    await page.route(/\/assets\/(cocoa|tractor)-[\w-]+\.svg$/, (route) => route.abort());
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(pageHref('services', 'en'));
    for (const name of [/cocoa pod/, /green tractor/]) {
      const image = page.getByRole('img', { name });
      await expect(image).toHaveAttribute('src', logoSource);
      await expectLoaded(image);
    }
    await expect(page.getByRole('img', { name: /printer/ })).toHaveAttribute('src', /\/assets\/printer-[\w-]+\.svg$/);
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
