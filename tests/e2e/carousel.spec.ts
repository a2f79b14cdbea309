import type { Page } from '@playwright/test';
import { pageHref } from '../../common/page-urls';
import { pauseClockSoon } from './support/clock';
import { holdRoute } from './support/hold-route';
import { expect, test, waitForApp } from './support/test';

const carousel = (page: Page) => page.getByRole('region', { name: 'A look at our work' });
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
  await expect(currentSlide(page)).toHaveAccessibleName(`${number} of 4`);
  await expect(carousel(page).getByRole('button', { name: `Go to slide ${number}` })).toHaveAttribute(
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
  await carousel(page).getByRole('button', { name }).click();
  await page.mouse.move(0, 0);
}

/** The slide shown stays for a full interval of 5 s, not a moment less, then the next comes. */
async function expectFullInterval(page: Page, shown: number) {
  await run(page, 4999);
  await expectSlide(page, shown);
  await run(page, 1);
  await expectSlide(page, (shown % 4) + 1);
}

test.describe('home carousel', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await page.goto(pageHref('home', 'en'));
    // From here on time only moves when a test says so. The first slide's timer started a
    // moment earlier, at hydration; every later one starts at a moment the test knows.
    await pauseClockSoon(page);
    await expectSlide(page, 1);
  });

  test('advances by itself every 5000 ms and wraps from the last slide to the first', async ({ page }) => {
    await expect(carousel(page)).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(currentSlide(page)).toHaveAttribute('aria-roledescription', 'slide');
    await expect(currentSlide(page).getByRole('img')).toHaveAccessibleName(/cocoa trees/);
    await expect(carousel(page).getByRole('button', { name: /Go to slide/ })).toHaveCount(4);

    // The first interval began at hydration, shortly before the clock stopped.
    await run(page, 3000);
    await expectSlide(page, 1);
    await run(page, 2000);
    await expectSlide(page, 2);
    await expect(currentSlide(page).getByRole('img')).toHaveAccessibleName(/container ship/);
    await expectFullInterval(page, 2);
    await expect(carousel(page).getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute('aria-current');
    await run(page, 5000);
    await expectSlide(page, 4);
    await run(page, 5000);
    await expectSlide(page, 1);
  });

  test('previous and next wrap at both ends', async ({ page }) => {
    await press(page, 'Previous slide');
    await expectSlide(page, 4);
    await press(page, 'Next slide');
    await expectSlide(page, 1);
    await press(page, 'Next slide');
    await expectSlide(page, 2);
  });

  test('dots pick a slide, and every manual change restarts the interval', async ({ page }) => {
    await run(page, 3000);
    await press(page, 'Go to slide 3');
    await expectSlide(page, 3);
    await expectFullInterval(page, 3);

    await run(page, 4000);
    await press(page, 'Previous slide');
    await expectSlide(page, 3);
    await expectFullInterval(page, 3);

    // Choosing the slide already shown still gives it a full interval.
    await run(page, 4000);
    await press(page, 'Go to slide 4');
    await expectFullInterval(page, 4);
  });

  test('the pause button stops the slideshow until Play', async ({ page }) => {
    await press(page, 'Pause slideshow');
    await expect(carousel(page).getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await run(page, 30_000);
    await expectSlide(page, 1);
    // Manual navigation still works while paused, and does not restart the rotation.
    await press(page, 'Next slide');
    await expectSlide(page, 2);
    await run(page, 30_000);
    await expectSlide(page, 2);

    await press(page, 'Play slideshow');
    await expect(carousel(page).getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
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
    await carousel(page).getByRole('button', { name: 'Next slide' }).hover();
    await settle(page);
    await run(page, 30_000);
    await expectSlide(page, 1);
    await page.mouse.move(0, 0);
    await settle(page);
    await run(page, 5000);
    await expectSlide(page, 2);
  });

  test('pauses while keyboard focus is inside, except on the pause button', async ({ page }) => {
    await carousel(page).getByRole('button', { name: 'Pause slideshow' }).focus();
    await page.keyboard.press('Tab');
    await expect(carousel(page).getByRole('button', { name: 'Previous slide' })).toBeFocused();
    await settle(page);
    await run(page, 30_000);
    await expectSlide(page, 1);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(carousel(page).getByRole('button', { name: 'Go to slide 1' })).toBeFocused();
    await run(page, 30_000);
    await expectSlide(page, 1);

    // Back on the pause button the slideshow runs, so "Play" takes effect at once.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(carousel(page).getByRole('button', { name: 'Pause slideshow' })).toBeFocused();
    await settle(page);
    await run(page, 5000);
    await expectSlide(page, 2);
  });

  test('fades for 700 ms', async ({ page }) => {
    const slides = carousel(page).locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(4);
    for (const slide of await slides.all()) {
      await expect(slide).toHaveCSS('transition-property', 'opacity');
      await expect(slide).toHaveCSS('transition-duration', '0.7s');
    }
  });
});

test.describe('home carousel with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('changes slides without a fade', async ({ page }) => {
    await page.goto(pageHref('home', 'en'));
    const slides = carousel(page).locator('[aria-roledescription="slide"]');
    for (const slide of await slides.all()) await expect(slide).toHaveCSS('transition-property', 'none');
    await press(page, 'Next slide');
    await expect(currentSlide(page)).toHaveAccessibleName('2 of 4');
    await expect(slides.nth(1)).toHaveCSS('opacity', '1');
    await expect(slides.nth(0)).toHaveCSS('opacity', '0');
  });
});

test.describe('home carousel in German and French', () => {
  test('uses translated names, also after switching language', async ({ page }) => {
    await page.goto(pageHref('home', 'de'));
    const region = page.getByRole('region', { name: 'Einblicke in unsere Arbeit' });
    await expect(region).toHaveAttribute('aria-roledescription', 'Karussell');
    await expect(region.getByRole('group')).toHaveAccessibleName('1 von 4');
    await expect(region.getByRole('button', { name: 'Diashow anhalten' })).toBeVisible();
    await expect(region.getByRole('button', { name: 'Folie 3 anzeigen' })).toBeVisible();

    await page.getByRole('button', { name: 'Sprache' }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    const french = page.getByRole('region', { name: 'Aperçu de nos activités' });
    await expect(french.getByRole('group')).toHaveAccessibleName('1 sur 4');
    await expect(french.getByRole('button', { name: 'Mettre le diaporama en pause' })).toBeVisible();
  });
});

test.describe('home carousel loading', () => {
  test('the first slide is fetched early and with high priority; the others wait', async ({ page }) => {
    await page.goto(pageHref('home', 'en'));
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

test.describe('home carousel without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the first slide and hides controls that could not work', async ({ page }) => {
    await page.goto(pageHref('home', 'en'));
    await expect(currentSlide(page)).toHaveAccessibleName('1 of 4');
    await expect(currentSlide(page).getByRole('img')).toBeVisible();
    await expect(carousel(page).getByRole('button', { name: 'Next slide' })).toBeHidden();
  });
});

test.describe('before the app starts', () => {
  test.use({ waitForHydration: false });

  test('a pointer already resting on the slideshow then pauses it', async ({ page }) => {
    const release = await holdRoute(page, '**/assets/*.js');
    await page.clock.install();
    await page.goto(pageHref('home', 'en'), { waitUntil: 'domcontentloaded' });
    await carousel(page).hover();
    release();
    await waitForApp(page);
    await pauseClockSoon(page);
    await run(page, 30_000);
    await expectSlide(page, 1);
  });
});
