import type { Page } from '@playwright/test';
import { languageCodes } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { jobVisit, someJob, visitHref, visitLabel, type Visit } from './support/addresses';
import { axeViolations } from './support/axe';
import { headingProblems } from './support/headings';
import { themes, useTheme } from './support/theme';
import { pauseClockSoon } from './support/clock';
import { skipCookieBanner } from './support/consent';
import { expect, test } from './support/test';
import { answerUnavailable } from './support/unavailable';
import { fillContactForm, requiredContactFields } from './support/contact-form';
import { languagesByLength, localeTexts } from './support/locales';
import { apiPaths } from '../../common/api-paths';

/**
 * WCAG 2.2 AA (docs/decisions/0012-overlays-keep-clear-of-the-focus.md for the focus): axe finds nothing on any page, in either theme and every language,
 * nor with any overlay open or any form state shown. One test per language and
 * theme walks every page in one tab, so the sweep costs one load and one axe
 * run per page, and a failure lists every finding of the sweep at once.
 */
const routes: Visit[] = [...sitePages.map((page) => ({ id: page.id })), jobVisit(someJob), { id: 'not-found' }];
const pageRoutes = routes.filter((route) => route.id !== 'not-found');

/** Waits for what a page loads after hydration: its h1, the job listings, the legal texts. */
async function settled(page: Page, route: Visit) {
  await expect(page.locator('main h1')).toBeVisible();
  // Each island hydrates on its own (docs/decisions/0015-islands-of-react.md): judge the layout once the header's controls are all there.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  if (route.id === 'jobs') await expect(page.locator('main [role="tab"], main article, main h2').first()).toBeVisible();
  if (route.id === 'home') {
    // The pointer on the slides holds the slideshow, so axe never meets a slide mid-fade.
    await page.locator('main [role="group"]:not([aria-hidden]) img').hover();
  }
}

type TimerWindow = Window & { realSetTimeout?: typeof setTimeout; fakeSetTimeout?: typeof setTimeout };

/** Keeps the browser's own setTimeout; call before page.clock.install(). */
async function keepRealTimers(page: Page) {
  await page.addInitScript(() => {
    (window as TimerWindow).realSetTimeout = window.setTimeout;
  });
}

/** axe schedules its work with setTimeout, which a paused page clock would never run. */
async function withRealTimers<T>(page: Page, run: () => Promise<T>): Promise<T> {
  await page.evaluate(() => {
    const timers = window as TimerWindow;
    timers.fakeSetTimeout = window.setTimeout;
    if (timers.realSetTimeout) window.setTimeout = timers.realSetTimeout;
  });
  try {
    return await run();
  } finally {
    await page.evaluate(() => {
      const timers = window as TimerWindow;
      if (timers.fakeSetTimeout) window.setTimeout = timers.fakeSetTimeout;
    });
  }
}

for (const lng of languageCodes) {
  for (const theme of themes) {
    test.describe(`${lng}, ${theme} theme`, () => {
      // The page-not-found screen and the refused sign-up are reported as failed loads; the app logs the refusal.
      test.use({ allowConsoleErrors: ['status of 404', 'status of 503', 'Newsletter subscription failed'] });

      test('every page passes axe and has a sound heading outline', async ({ page }) => {
        // Many pages in one test: the result, not the speed, is under test (a loaded machine takes
        // several seconds for one page and its axe run).
        test.setTimeout(routes.length * 8_000);
        await skipCookieBanner(page);
        await useTheme(page, theme);
        const problems: string[] = [];
        for (const route of routes) {
          await page.goto(visitHref(route, lng));
          await settled(page, route);
          const label = visitLabel(route);
          problems.push(...(await headingProblems(page, label)), ...(await axeViolations(page, label)));
          // A news entry: the newest the list links to, whichever the site has (its text is Markdown made HTML).
          if (route.id === 'news') {
            const entry = await page
              .locator('main article a')
              .first()
              .getAttribute('href', { timeout: 1_000 })
              .catch(() => null);
            if (!entry) continue;
            await page.goto(entry);
            await settled(page, route);
            problems.push(...(await headingProblems(page, entry)), ...(await axeViolations(page, entry)));
          }
        }
        expect(problems).toEqual([]);
      });

      test('every overlay and form state passes axe', async ({ page }) => {
        test.slow();
        await useTheme(page, theme);
        const problems: string[] = [];
        const check = async (label: string, include?: string) =>
          problems.push(...(await axeViolations(page, label, include)));

        await keepRealTimers(page);
        await page.clock.install();
        await page.goto(pageHref('about', lng));
        const banner = page.locator('#cookie-banner');
        await expect(banner).toBeVisible();
        await check('cookie banner');
        await banner.getByRole('button').nth(1).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check('cookie settings', 'dialog');
        await page.keyboard.press('Escape');
        await banner.getByRole('button').first().click();

        const popup = page.locator('.newsletter-popup');
        await expect(popup).toBeVisible();
        await check('newsletter pop-up', '.newsletter-popup');
        await answerUnavailable(page, apiPaths.newsletter);
        await popup.getByRole('textbox').fill('reader@example.com');
        await popup.locator('button[type="submit"]').click();
        await expect(popup.getByRole('alert')).not.toBeEmpty();
        await check('newsletter failure', '.newsletter-popup');
        await page.unroute(`**${apiPaths.newsletter}`);
        // The thanks view leaves after 3 s: the page's clock stands still while axe reads it, with real timers.
        await pauseClockSoon(page);
        await popup.locator('button[type="submit"]').click();
        await expect(popup.getByRole('status')).toBeVisible();
        await withRealTimers(page, () => check('newsletter thanks', '.newsletter-popup'));
        await page.clock.resume();

        await page.locator('header button[aria-haspopup="menu"]').click();
        await expect(page.getByRole('menu')).toBeVisible();
        await check('language menu', 'header');
        await page.keyboard.press('Escape');

        await page.goto(pageHref('contact', lng));
        const form = page.locator('main form');
        await form.locator('button[type="submit"]').click();
        await expect(form.locator('[aria-invalid="true"]')).toHaveCount(requiredContactFields.length);
        await check('contact form errors', 'main');
        await fillContactForm(page, lng);
        await form.locator('button[type="submit"]').click();
        await expect(form.getByRole('status')).not.toBeEmpty();
        await check('contact form sent', 'main');

        await page.goto(pageHref('jobs', lng));
        await page.getByRole('tab').last().click();
        await expect(page.getByRole('tab').last()).toHaveAttribute('aria-selected', 'true');
        await check('jobs without openings', 'main');

        await page.setViewportSize({ width: 390, height: 800 });
        const menuButton = page.locator('header button[aria-expanded]').last();
        await menuButton.click();
        await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
        await check('mobile menu', 'header');

        expect(problems).toEqual([]);
      });
    });
  }
}

test.describe('failure states', () => {
  test.use({
    allowConsoleErrors: ['Failed to send contact message', 'Newsletter subscription failed', 'status of 503'],
  });

  for (const theme of themes) {
    test(`the contact form's failure message passes axe in the ${theme} theme`, async ({ page }) => {
      await skipCookieBanner(page);
      await useTheme(page, theme);
      const lng = 'en';
      const texts = localeTexts(lng, 'contact-form');
      await answerUnavailable(page, apiPaths.contact);
      await page.goto(pageHref('contact', lng));
      await fillContactForm(page, lng);
      await page.getByRole('main').getByRole('button', { name: texts.send }).click();
      await expect(page.getByText(texts.messageSendFailed)).toBeVisible();
      expect(await axeViolations(page, 'contact failure', 'main')).toEqual([]);
    });
  }
});

/** Everything a page offers that a visitor could lose at a small width or with large text. */
async function layoutProblems(page: Page, label: string): Promise<string[]> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30)}"`;
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, textarea, select, [tabindex="0"]');
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true }) || control.closest('[aria-hidden="true"], .sr-only'))
        continue;
      const rect = control.getBoundingClientRect();
      if (rect.width < 2) continue;
      if (rect.left < -1 || rect.right > root.clientWidth + 1)
        found.push(`${describe(control)} sticks out of the screen`);
    }
    // Text cut off by a box that hides its overflow (the 1 px sr-only boxes excepted).
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      if (
        !/hidden|clip/.test(style.overflowX + style.overflowY) ||
        element.clientWidth < 2 ||
        !element.checkVisibility()
      )
        continue;
      if (style.clip !== 'auto' || style.clipPath !== 'none') continue;
      if (!element.textContent?.trim() || element.tagName === 'DIALOG') continue;
      if (element.scrollWidth > element.clientWidth + 1 && /hidden|clip/.test(style.overflowX))
        found.push(`${describe(element)} cuts off its text sideways`);
      if (element.scrollHeight > element.clientHeight + 1 && /hidden|clip/.test(style.overflowY))
        found.push(`${describe(element)} cuts off its text below`);
    }
    // The header's parts side by side must not run into each other.
    const header = document.querySelector('header');
    const parts = header
      ? [...header.querySelectorAll<HTMLElement>('a, button, nav li')].filter((part) => part.checkVisibility())
      : [];
    parts.forEach((first, i) => {
      for (const second of parts.slice(i + 1)) {
        if (first.contains(second) || second.contains(first)) continue;
        const a = first.getBoundingClientRect();
        const b = second.getBoundingClientRect();
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
          found.push(`${describe(first)} overlaps ${describe(second)} in the header`);
        }
      }
    });
    return found;
  });
  return problems.map((problem) => `${label}: ${problem}`);
}

test.describe('small screens and large text', () => {
  for (const lng of languageCodes) {
    test(`every page fits a 320 px wide screen in ${lng}`, async ({ page }) => {
      test.slow();
      await skipCookieBanner(page);
      await page.setViewportSize({ width: 320, height: 640 });
      const problems: string[] = [];
      for (const route of pageRoutes) {
        await page.goto(visitHref(route, lng));
        await settled(page, route);
        problems.push(...(await layoutProblems(page, visitLabel(route))));
      }
      await page.locator('header button[aria-expanded]').last().click();
      await expect(page.locator('header nav').filter({ visible: true }).getByRole('link').first()).toBeVisible();
      problems.push(...(await layoutProblems(page, 'mobile menu')));
      expect(problems).toEqual([]);
    });
  }

  // In the two languages whose texts run longest, where text is likeliest to be cut off.
  for (const lng of languagesByLength().slice(0, 2)) {
    test(`text at 200 % loses nothing, in ${lng}`, async ({ page }) => {
      test.slow();
      await skipCookieBanner(page);
      // Text-only zoom: the root font size doubles and every rem-sized thing with it; media queries stay put.
      await page.addInitScript(() => {
        const enlarge = () => document.documentElement.style.setProperty('font-size', '200%');
        if (document.documentElement) enlarge();
        else document.addEventListener('readystatechange', enlarge, { once: true });
      });
      await page.setViewportSize({ width: 1280, height: 800 });
      const problems: string[] = [];
      const zoomed: Visit[] = [
        { id: 'home' },
        { id: 'services' },
        { id: 'jobs' },
        jobVisit(someJob),
        { id: 'contact' },
        { id: 'privacy' },
      ];
      for (const route of zoomed) {
        await page.goto(visitHref(route, lng));
        await settled(page, route);
        expect(await page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('32px');
        problems.push(...(await layoutProblems(page, visitLabel(route))));
      }
      const popup = page.locator('.newsletter-popup');
      await expect(popup).toBeVisible();
      const box = await popup.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 800, 'the pop-up fits the screen').toBe(true);
      expect(problems).toEqual([]);
    });
  }
});

/** Elements that would animate: a transition or animation longer than a blink. */
function movingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seconds = (list: string) =>
      Math.max(
        ...list.split(',').map((value) => (value.trim().endsWith('ms') ? parseFloat(value) / 1000 : parseFloat(value))),
      );
    return [...document.querySelectorAll('*')].flatMap((element) => {
      const style = getComputedStyle(element);
      const transition = style.transitionProperty !== 'none' && seconds(style.transitionDuration) > 0.01;
      const animation = style.animationName !== 'none' && seconds(style.animationDuration) > 0.01;
      return transition || animation
        ? [`${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`]
        : [];
    });
  });
}

test.describe('reduced motion', () => {
  test('the site moves when motion is welcome (so the check below can fail)', async ({ page }) => {
    await skipCookieBanner(page);
    await page.goto(pageHref('home', 'en'));
    expect(await movingElements(page)).not.toEqual([]);
  });

  test.describe('when the visitor asks for less', () => {
    test.use({ reducedMotion: 'reduce' });

    test('nothing fades, slides or spins on any page, and nothing scrolls smoothly', async ({ page }) => {
      test.slow();
      await skipCookieBanner(page);
      const problems: string[] = [];
      for (const route of pageRoutes) {
        await page.goto(visitHref(route, 'en'));
        await settled(page, route);
        problems.push(...(await movingElements(page)).map((element) => `${visitLabel(route)}: ${element}`));
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
      }
      expect(problems).toEqual([]);
    });
  });
});
