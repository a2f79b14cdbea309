import type { Locator, Page } from '@playwright/test';
import { languageCodes, languages } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { skipCookieBanner } from './support/consent';
import { orderProblems, readFocus, tabThrough } from './support/focus';
import { holdRoute } from './support/hold-route';
import { localeTexts } from './support/locales';
import { expect, test } from './support/test';
import { answerUnavailable } from './support/unavailable';

/**
 * Issue 11, keyboard: every feature works with the keyboard alone, the focus
 * is always visible and never hidden, and it moves in reading order. The
 * cookie banner and settings dialog have their keyboard walks in consent.spec.ts,
 * the language menu's arrow keys in language.spec.ts.
 */

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}) {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${backwards ? 'Shift+Tab' : 'Tab'}`).toBeFocused({ timeout: 1 });
}

const focusIsOnPage = (page: Page) =>
  page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null);

test.describe('skip link', () => {
  test.beforeEach(async ({ page }) => skipCookieBanner(page));
  for (const lng of languageCodes) {
    test(`is the first stop and leads past the header, in ${lng}`, async ({ page }) => {
      await page.goto(pageHref('about', lng));
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: localeTexts(lng, 'common').skipToContent });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      expect((await readFocus(page))?.obscuredBy).toBeNull();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
    });
  }
});

test.describe('focus', () => {
  test.beforeEach(async ({ page }) => skipCookieBanner(page));
  const walks = [
    { id: 'home', theme: 'light', width: 1280 },
    { id: 'services', theme: 'light', width: 1280 },
    { id: 'jobs', theme: 'light', width: 1280 },
    { id: 'contact', theme: 'light', width: 1280 },
    { id: 'privacy', theme: 'light', width: 1280 },
    { id: 'home', theme: 'dark', width: 1280 },
    { id: 'jobs', theme: 'dark', width: 1280 },
    { id: 'contact', theme: 'dark', width: 1280 },
    { id: 'home', theme: 'light', width: 390 },
    { id: 'contact', theme: 'dark', width: 390 },
    { id: 'about', theme: 'light', width: 320 },
  ] as const;

  for (const walk of walks) {
    test(`is visible, uncovered and in reading order on ${walk.id}, ${walk.theme} theme, ${walk.width} px`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize({ width: walk.width, height: 720 });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), walk.theme);
      await page.goto(pageHref(walk.id, 'en'));
      const stops = await tabThrough(page);
      expect(stops.length).toBeGreaterThan(12);
      const problems = [
        ...stops.flatMap((stop) => [
          ...(stop.indicator ? [] : [`${stop.name} shows no focus indicator`]),
          ...(stop.indicator && stop.indicator.contrast < 3
            ? [`${stop.name}'s focus indicator has contrast ${stop.indicator.contrast}`]
            : []),
          ...(stop.obscuredBy ? [`${stop.name} is hidden by ${stop.obscuredBy}`] : []),
        ]),
        ...orderProblems(stops),
      ];
      expect(problems).toEqual([]);
    });
  }
});

test.describe('focus in the cookie banner and its dialog', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`is visible and uncovered, ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto(pageHref('home', 'en'));
      const stops = [];
      for (let step = 0; step < 5; step++) {
        await page.keyboard.press('Tab');
        stops.push(await readFocus(page));
      }
      await expect(page.getByRole('button', { name: 'Accept All' })).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
      stops.push(await readFocus(page));
      for (let step = 0; step < 6; step++) {
        await page.keyboard.press('Tab');
        stops.push(await readFocus(page));
      }
      const problems = stops.flatMap((stop) =>
        !stop
          ? ['focus lost']
          : [
              ...(stop.indicator && stop.indicator.contrast >= 3
                ? []
                : [`${stop.name}: indicator ${JSON.stringify(stop.indicator)}`]),
              ...(stop.obscuredBy ? [`${stop.name} is hidden by ${stop.obscuredBy}`] : []),
            ],
      );
      expect(problems).toEqual([]);
    });
  }
});

test.describe('by keyboard alone', () => {
  test.beforeEach(async ({ page }) => skipCookieBanner(page));
  test('the main navigation and the theme switch', async ({ page }) => {
    await page.goto(pageHref('home', 'en'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await tabTo(page, nav.getByRole('link', { name: 'Careers' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(pageHref('careers', 'en'));
    // A new page: the keyboard starts at its top, where the skip link is.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();

    const theme = page.getByRole('button', { name: 'Switch to dark theme' });
    await tabTo(page, theme, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('the language menu: open, arrows, Escape, choose', async ({ page }) => {
    await page.goto(pageHref('home', 'en'));
    const button = page.getByRole('button', { name: 'Language' });
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Language' });
    await expect(menu.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitemradio', { name: 'Deutsch' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(menu.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: 'Langue' })).toBeFocused();
  });

  for (const lng of languageCodes) {
    test(`each language in the menu speaks its own language, in ${lng}`, async ({ page }) => {
      await page.goto(pageHref('home', lng));
      await page.locator('header button[aria-haspopup="menu"]').click();
      const items = page.getByRole('menuitemradio');
      await expect(items).toHaveCount(languages.length);
      expect(
        await items.evaluateAll((elements) =>
          elements.map((element) => [element.textContent, element.getAttribute('lang')]),
        ),
      ).toEqual(languages.map((language) => [language.name, language.code]));
    });
  }

  test('the mobile menu: open, walk, leave, Escape, choose', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(pageHref('home', 'en'));
    const open = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = ['Home', 'About us', 'Services', 'Contact', 'Careers'];
    await expect(nav.getByRole('link', { name: links[0] })).toBeFocused();
    for (const name of links.slice(1)) {
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name })).toBeFocused();
    }
    // Leaving the menu closes it, so it never covers the focus on the page below.
    await page.keyboard.press('Tab');
    await expect(nav).toBeHidden();
    expect((await readFocus(page))?.obscuredBy).toBeNull();

    await tabTo(page, open, { backwards: true });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(open).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(pageHref('about', 'en'));
    await expect(nav).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  });

  test('the carousel: pause, previous, next and the dots', async ({ page }) => {
    await page.goto(pageHref('home', 'en'));
    const carousel = page.getByRole('region', { name: 'A look at our work' });
    await tabTo(page, carousel.getByRole('button', { name: 'Pause slideshow' }));
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: 'Previous slide' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('group')).toHaveAccessibleName('4 of 4');
    for (const number of [1, 2, 3]) {
      await page.keyboard.press('Tab');
      await expect(carousel.getByRole('button', { name: `Go to slide ${number}` })).toBeFocused();
    }
    await page.keyboard.press('Space');
    await expect(carousel.getByRole('group')).toHaveAccessibleName('3 of 4');
    await expect(carousel.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: 'Next slide' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('group')).toHaveAccessibleName('4 of 4');
    await expect(carousel.getByRole('group').getByRole('img')).toHaveAccessibleName(/.+/);
  });

  test('the carousel names its slides in French too', async ({ page }) => {
    await page.goto(pageHref('home', 'fr'));
    const carousel = page.locator('main section[aria-roledescription]');
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carrousel');
    await expect(carousel.getByRole('group')).toHaveAccessibleName('1 sur 4');
    await expect(carousel.getByRole('group')).toHaveAttribute('aria-roledescription', 'diapositive');
  });

  test('the job tabs, a job and Back', async ({ page }) => {
    await page.goto(pageHref('jobs', 'en'));
    await tabTo(page, page.getByRole('tab', { name: 'All' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Human Resources' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Human Resources' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const job = page.getByRole('tabpanel').getByRole('link').first();
    const title = await job.textContent();
    await tabTo(page, job);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
    await tabTo(page, page.getByRole('button', { name: 'Back' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'All' })).toBeVisible();
  });

  test('the contact form: errors tied to their fields, sending and success announced', async ({ page }) => {
    const release = await holdRoute(page, '**/send-contact.php');
    await page.goto(pageHref('contact', 'en'));
    const form = page.getByRole('main').locator('form');
    const status = form.getByRole('status');
    await expect(status).toBeEmpty();
    const name = form.getByRole('textbox', { name: 'Name' });
    const email = form.getByRole('textbox', { name: 'Email' });
    const send = form.locator('button[type="submit"]');

    await tabTo(page, name);
    for (const field of ['Email', 'Subject', 'Message']) {
      await page.keyboard.press('Tab');
      await expect(form.getByRole('textbox', { name: field })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(send).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name is required');
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(form.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('Message is required');

    await page.keyboard.type('Ada Lovelace');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hello from the keyboard.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription('Email is invalid');

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('ada@example.com');
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Sending...');
    await expect(send).toHaveAccessibleName('Sending...');
    await expect(send).toBeDisabled();
    await expect(send).toBeFocused();
    release();
    await expect(status).toHaveText('Your message has been sent successfully!');
    expect(await focusIsOnPage(page)).toBe(true);
  });

  test.describe('the newsletter pop-up', () => {
    test('sign up: sending and thanks announced, focus kept', async ({ page }) => {
      const release = await holdRoute(page, '**/subscribe-newsletter.php');
      await page.goto(pageHref('home', 'en'));
      const popup = page.getByRole('complementary', { name: 'Newsletter' });
      const status = popup.getByRole('status');
      await expect(status).toBeAttached();
      await expect(status).toBeEmpty();
      // The pop-up comes last in the page: Shift+Tab from the top reaches it at once.
      await tabTo(page, popup.getByRole('textbox'), { backwards: true, limit: 5 });
      await page.keyboard.type('keyboard-reader@example.com');
      await page.keyboard.press('Enter');
      await expect(status).toHaveText('Subscribing...');
      release();
      await expect(status).toContainText('Thank you for subscribing!');
      await expect(popup.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeFocused();
    });

    test.describe('when the sign-up fails', () => {
      test.use({ allowConsoleErrors: ['Newsletter subscription failed', 'status of 503'] });

      test('the error is announced and tied to the field, and focus stays on the button', async ({ page }) => {
        await answerUnavailable(page, '/subscribe-newsletter.php');
        await page.goto(pageHref('home', 'en'));
        const popup = page.getByRole('complementary', { name: 'Newsletter' });
        const field = popup.getByRole('textbox', { name: 'Email address' });
        await tabTo(page, field, { backwards: true, limit: 5 });
        await page.keyboard.type('reader@example.com');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        const error = 'Failed to subscribe. Please try again later.';
        await expect(popup.getByRole('alert')).toHaveText(error);
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(error);
        await expect(popup.getByRole('button', { name: 'Subscribe' })).toBeFocused();
      });
    });

    test('reserves its room at the bottom of the page while it shows', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(pageHref('home', 'en'));
      const popup = page.getByRole('complementary', { name: 'Newsletter' });
      const box = await popup.boundingBox();
      const space = () =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--newsletter-popup-space'));
      await expect.poll(space).toBe(`${Math.ceil(800 - (box?.y ?? 0) + 8)}px`);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom)).toBe(
        await space(),
      );
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).paddingBottom)).toBe(await space());
      await popup.getByRole('button', { name: 'Close newsletter' }).click();
      await expect.poll(space).toBe('0px');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).paddingBottom)).toBe('0px');
    });

    test('close: the pop-up goes and focus stays on the page', async ({ page }) => {
      await page.goto(pageHref('home', 'en'));
      const popup = page.getByRole('complementary', { name: 'Newsletter' });
      await tabTo(page, popup.getByRole('button', { name: 'Close newsletter' }), { backwards: true, limit: 6 });
      await page.keyboard.press('Enter');
      await expect(popup).toBeHidden();
      await expect(page.getByRole('main')).toBeFocused();
    });

    test('Escape closes it from inside', async ({ page }) => {
      await page.goto(pageHref('home', 'en'));
      const popup = page.getByRole('complementary', { name: 'Newsletter' });
      await tabTo(page, popup.getByRole('textbox'), { backwards: true, limit: 5 });
      await page.keyboard.press('Escape');
      await expect(popup).toBeHidden();
      await expect(page.getByRole('main')).toBeFocused();
    });
  });
});
