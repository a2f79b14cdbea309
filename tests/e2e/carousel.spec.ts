import type { Page } from '@playwright/test';
import { defaultLanguage, findLanguage, languageCodes, type Language } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { pauseClockSoon } from './support/clock';
import { holdRoute } from './support/hold-route';
import { otherLanguage } from './support/addresses';
import { localeTexts, textsOf } from './support/locales';
import { expect, test, waitForApp } from './support/test';

/** The carousel as an English reader meets it; its words and slides come from the locale files. */
const lng = 'en';
const texts = localeTexts(lng, 'carousel');
const slideTexts = Object.values(texts.slides);
const total = slideTexts.length;
const slideLabel = (current: number, code: Language = lng) =>
  textsOf(code)(($) => $.slideLabel, { ns: 'carousel', current, total });
const dot = (number: number, code: Language = lng) => textsOf(code)(($) => $.goTo, { ns: 'carousel', number });

const carousel = (page: Page) => page.getByRole('region', { name: texts.label });
/** The slide on screen: inactive slides are aria-hidden, so only one group is exposed. */
const currentSlide = (page: Page) => carousel(page).getByRole('group');

/**
 * Lets the page finish the work a change set off (React runs its effects, and so
 * schedules the next slide's timer, in a task of its own) before the clock moves.
 */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

async function expectSlide(page: Page, number: number) {
  await expect(currentSlide(page)).toHaveAccessibleName(slideLabel(number));
  await expect(carousel(page).getByRole('button', { name: dot(number), exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await settle(page);
}

async function run(page: Page, ms: number) {
  await settle(page);
  await page.clock.runFor(ms);
  await settle(page);
}

/** Clicks a control of the carousel, then moves the pointer away so hovering does not pause it. */
async function press(page: Page, name: string) {
  await carousel(page).getByRole('button', { name, exact: true }).click();
  await page.mouse.move(0, 0);
}

/** The slide shown stays for a full interval of 5 s, not a moment less, then the next comes. */
async function expectFullInterval(page: Page, shown: number) {
  await run(page, 4999);
  await expectSlide(page, shown);
  await run(page, 1);
  await expectSlide(page, (shown % total) + 1);
}

test.describe('home carousel', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await page.goto(pageHref('home', lng));
    // From here on time only moves when a test says so. The first slide's timer started a
    // moment earlier, at hydration; every later one starts at a moment the test knows.
    await pauseClockSoon(page);
    await expectSlide(page, 1);
  });

  test('advances by itself every 5000 ms and wraps from the last slide to the first', async ({ page }) => {
    await expect(carousel(page)).toHaveAttribute('aria-roledescription', texts.roleDescription);
    await expect(currentSlide(page)).toHaveAttribute('aria-roledescription', texts.slideRoleDescription);
    await expect(currentSlide(page).getByRole('img')).toHaveAccessibleName(slideTexts[0]?.alt ?? '');
    for (let number = 1; number <= total; number++)
      await expect(carousel(page).getByRole('button', { name: dot(number), exact: true })).toHaveCount(1);

    // The first interval began at hydration, shortly before the clock stopped.
    await run(page, 3000);
    await expectSlide(page, 1);
    await run(page, 2000);
    await expectSlide(page, 2);
    await expect(currentSlide(page).getByRole('img')).toHaveAccessibleName(slideTexts[1]?.alt ?? '');
    await expectFullInterval(page, 2);
    await expect(carousel(page).getByRole('button', { name: dot(1), exact: true })).not.toHaveAttribute('aria-current');
    for (let number = 4; number <= total; number++) {
      await run(page, 5000);
      await expectSlide(page, number);
    }
    await run(page, 5000);
    await expectSlide(page, 1);
  });

  test('previous and next wrap at both ends', async ({ page }) => {
    await press(page, texts.previous);
    await expectSlide(page, total);
    await press(page, texts.next);
    await expectSlide(page, 1);
    await press(page, texts.next);
    await expectSlide(page, 2);
  });

  test('dots pick a slide, and every manual change restarts the interval', async ({ page }) => {
    const [penultimate, last] = [total - 1, total];
    await run(page, 3000);
    await press(page, dot(penultimate));
    await expectSlide(page, penultimate);
    await expectFullInterval(page, penultimate);

    await run(page, 4000);
    await press(page, texts.previous);
    await expectSlide(page, penultimate);
    await expectFullInterval(page, penultimate);

    // Choosing the slide already shown still gives it a full interval.
    await run(page, 4000);
    await press(page, dot(last));
    await expectFullInterval(page, last);
  });

  test('the pause button stops the slideshow until Play', async ({ page }) => {
    await press(page, texts.pause);
    await expect(carousel(page).getByRole('button', { name: texts.play })).toBeVisible();
    await run(page, 30_000);
    await expectSlide(page, 1);
    // Manual navigation still works while paused, and does not restart the rotation.
    await press(page, texts.next);
    await expectSlide(page, 2);
    await run(page, 30_000);
    await expectSlide(page, 2);

    await press(page, texts.play);
    await expect(carousel(page).getByRole('button', { name: texts.pause })).toBeVisible();
    await run(page, 5000);
    await expectSlide(page, 3);
  });

  test('pauses while the pointer rests on the slides', async ({ page }) => {
    await run(page, 2000);
    await currentSlide(page).hover();
    await settle(page);
    await run(page, 30_000);
    await expectSlide(page, 1);
    await page.getByRole('heading', { level: 1 }).hover();
    await settle(page);
    await expectFullInterval(page, 1);
  });

  test('pauses while the pointer rests on its controls too', async ({ page }) => {
    await carousel(page).getByRole('button', { name: texts.next }).hover();
    await settle(page);
    await run(page, 30_000);
    await expectSlide(page, 1);
    await page.mouse.move(0, 0);
    await settle(page);
    await run(page, 5000);
    await expectSlide(page, 2);
  });

  test('pauses while keyboard focus is inside, except on the pause button', async ({ page }) => {
    await carousel(page).getByRole('button', { name: texts.pause }).focus();
    await page.keyboard.press('Tab');
    await expect(carousel(page).getByRole('button', { name: texts.previous })).toBeFocused();
    await settle(page);
    await run(page, 30_000);
    await expectSlide(page, 1);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(carousel(page).getByRole('button', { name: dot(1), exact: true })).toBeFocused();
    await run(page, 30_000);
    await expectSlide(page, 1);

    // Back on the pause button the slideshow runs, so "Play" takes effect at once.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(carousel(page).getByRole('button', { name: texts.pause })).toBeFocused();
    await settle(page);
    await run(page, 5000);
    await expectSlide(page, 2);
  });

  test('fades for 700 ms', async ({ page }) => {
    const slides = carousel(page).locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(total);
    for (const slide of await slides.all()) {
      await expect(slide).toHaveCSS('transition-property', 'opacity');
      await expect(slide).toHaveCSS('transition-duration', '0.7s');
    }
  });
});

test.describe('home carousel with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('changes slides without a fade', async ({ page }) => {
    await page.goto(pageHref('home', lng));
    const slides = carousel(page).locator(`[aria-roledescription="${texts.slideRoleDescription}"]`);
    for (const slide of await slides.all()) await expect(slide).toHaveCSS('transition-property', 'none');
    await press(page, texts.next);
    await expect(currentSlide(page)).toHaveAccessibleName(slideLabel(2));
    await expect(slides.nth(1)).toHaveCSS('opacity', '1');
    await expect(slides.nth(0)).toHaveCSS('opacity', '0');
  });
});

test.describe('home carousel in other languages', () => {
  test('uses translated names, also after switching language', async ({ page }) => {
    const [first, second] = [defaultLanguage, otherLanguage(defaultLanguage)];
    const own = localeTexts(first, 'carousel');
    await page.goto(pageHref('home', first));
    const region = page.getByRole('region', { name: own.label });
    await expect(region).toHaveAttribute('aria-roledescription', own.roleDescription);
    await expect(region.getByRole('group')).toHaveAccessibleName(slideLabel(1, first));
    await expect(region.getByRole('button', { name: own.pause })).toBeVisible();
    await expect(region.getByRole('button', { name: dot(total - 1, first), exact: true })).toBeVisible();

    await page.getByRole('button', { name: localeTexts(first, 'common').language.menu }).click();
    await page.getByRole('menuitemradio', { name: findLanguage(second).name }).click();
    const other = localeTexts(second, 'carousel');
    const switched = page.getByRole('region', { name: other.label });
    await expect(switched.getByRole('group')).toHaveAccessibleName(slideLabel(1, second));
    await expect(switched.getByRole('button', { name: other.pause })).toBeVisible();
  });
});

test.describe('home carousel loading', () => {
  test('the first slide is fetched early and with high priority; the others wait', async ({ page }) => {
    await page.goto(pageHref('home', lng));
    const images = carousel(page).locator('img');
    const first = images.first();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).not.toHaveAttribute('loading', 'lazy');
    const src = await first.getAttribute('src');
    await expect(page.locator(`link[rel="preload"][as="image"][href="${src}"]`)).toHaveCount(1);
    for (const image of (await images.all()).slice(1)) await expect(image).toHaveAttribute('loading', 'lazy');
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('width', '1200');
      await expect(image).toHaveAttribute('height', '800');
    }
  });
});

test.describe('home carousel on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const code of languageCodes) {
    test(`moves nothing while the app starts and adds the next slide's picture (${code})`, async ({ page }) => {
      await page.addInitScript(() => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        Object.defineProperty(window, 'layoutShiftTotal', { get: () => total });
      });
      await page.goto(pageHref('home', code));
      const region = page.getByRole('region', { name: localeTexts(code, 'carousel').label });
      // Once the app runs, the next slide has its picture too.
      await expect(region.locator('img')).toHaveCount(2);
      await settle(page);
      expect(await page.evaluate(() => (window as unknown as { layoutShiftTotal: number }).layoutShiftTotal)).toBe(0);
    });
  }
});

test.describe('home carousel without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the first slide and hides controls that could not work', async ({ page }) => {
    await page.goto(pageHref('home', lng));
    await expect(currentSlide(page)).toHaveAccessibleName(slideLabel(1));
    await expect(currentSlide(page).getByRole('img')).toBeVisible();
    await expect(carousel(page).getByRole('button', { name: texts.next })).toBeHidden();
  });
});

test.describe('before the app starts', () => {
  test.use({ waitForHydration: false });

  test('a pointer already resting on the slideshow then pauses it', async ({ page }) => {
    const release = await holdRoute(page, '**/assets/*.js');
    await page.clock.install();
    await page.goto(pageHref('home', lng), { waitUntil: 'domcontentloaded' });
    await carousel(page).hover();
    release();
    await waitForApp(page);
    await pauseClockSoon(page);
    await run(page, 30_000);
    await expectSlide(page, 1);
  });
});
