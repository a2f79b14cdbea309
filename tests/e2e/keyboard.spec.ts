import type { Locator, Page } from '@playwright/test';
import { apiPaths } from '../../common/api-paths';
import { type ContactField } from '../../common/forms/contact-form';
import { languageCodes, languages } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { mainNavPages } from '../../common/site-pages';
import { departments } from '../../src/content/jobs/jobs';
import { skipCookieBanner } from './support/consent';
import { orderProblems, readFocus, tabThrough } from './support/focus';
import { holdRoute } from './support/hold-route';
import { contactErrors, contactField, contactFields, requiredContactFields } from './support/contact-form';
import { localeTexts, textsOf } from './support/locales';
import { expect, test } from './support/test';
import { answerUnavailable } from './support/unavailable';

/**
 * WCAG 2.2 AA, keyboard (2.1.1, 2.4.7, 2.4.11, 2.4.3): every feature works with the keyboard alone, the focus
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

/** Most walks read English: the texts come from its locale files, so a changed wording changes no test. */
const lng = 'en';
const common = localeTexts(lng, 'common');
const t = textsOf(lng);

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
      await page.goto(pageHref(walk.id, lng));
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
      await page.goto(pageHref('home', lng));
      const stops = [];
      for (let step = 0; step < 5; step++) {
        await page.keyboard.press('Tab');
        stops.push(await readFocus(page));
      }
      await expect(page.getByRole('button', { name: localeTexts(lng, 'consent').banner.acceptAll })).toBeFocused();
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
    const target = mainNavPages.at(-1)?.id ?? 'home';
    await page.goto(pageHref('home', lng));
    const nav = page.getByRole('navigation', { name: common.nav.label });
    await tabTo(page, nav.getByRole('link', { name: common.pages[target], exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(pageHref(target, lng));
    // A new page: the keyboard starts at its top, where the skip link is.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: common.skipToContent })).toBeFocused();

    const theme = page.getByRole('button', { name: common.theme.switchToDark });
    await tabTo(page, theme, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: common.theme.switchToLight })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('the language menu: open, arrows, Escape, choose', async ({ page }) => {
    // From the second language of the menu: one up is the first, one down the third (or the first again).
    const [above, current, below = above] = languages;
    if (!above || !current) throw new Error('The menu needs two languages');
    await page.goto(pageHref('home', current.code));
    const button = page.getByRole('button', { name: localeTexts(current.code, 'common').language.menu });
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: localeTexts(current.code, 'common').language.menu });
    await expect(menu.getByRole('menuitemradio', { name: current.name })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitemradio', { name: above.name })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(menu.getByRole('menuitemradio', { name: current.name })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', below.code);
    await expect(page.getByRole('button', { name: localeTexts(below.code, 'common').language.menu })).toBeFocused();
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
    await page.goto(pageHref('home', lng));
    const open = page.getByRole('button', { name: common.menu.open });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: common.nav.label });
    const links = mainNavPages.map((item) => common.pages[item.id]);
    await expect(nav.getByRole('link', { name: links[0], exact: true })).toBeFocused();
    for (const name of links.slice(1)) {
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name, exact: true })).toBeFocused();
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
    await expect(page).toHaveURL(pageHref(mainNavPages[1]?.id ?? 'home', lng));
    await expect(nav).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: common.skipToContent })).toBeFocused();
  });

  test('the carousel: pause, previous, next and the dots', async ({ page }) => {
    const texts = localeTexts(lng, 'carousel');
    const total = Object.keys(texts.slides).length;
    const slideLabel = (current: number) => t(($) => $.slideLabel, { ns: 'carousel', current, total });
    const dot = (number: number) => t(($) => $.goTo, { ns: 'carousel', number });
    await page.goto(pageHref('home', lng));
    const carousel = page.getByRole('region', { name: texts.label });
    await tabTo(page, carousel.getByRole('button', { name: texts.pause }));
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('button', { name: texts.play })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: texts.previous })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('group')).toHaveAccessibleName(slideLabel(total));
    // The dots of every slide before the last, in order.
    for (let number = 1; number < total; number++) {
      await page.keyboard.press('Tab');
      await expect(carousel.getByRole('button', { name: dot(number), exact: true })).toBeFocused();
    }
    await page.keyboard.press('Space');
    await expect(carousel.getByRole('group')).toHaveAccessibleName(slideLabel(total - 1));
    await expect(carousel.getByRole('button', { name: dot(total - 1), exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(carousel.getByRole('button', { name: texts.next })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(carousel.getByRole('group')).toHaveAccessibleName(slideLabel(total));
    await expect(carousel.getByRole('group').getByRole('img')).toHaveAccessibleName(/.+/);
  });

  for (const code of languageCodes) {
    test(`the carousel names itself and its slides in ${code}`, async ({ page }) => {
      const texts = localeTexts(code, 'carousel');
      const total = Object.keys(texts.slides).length;
      await page.goto(pageHref('home', code));
      const carousel = page.locator('main section[aria-roledescription]');
      await expect(carousel).toHaveAttribute('aria-roledescription', texts.roleDescription);
      await expect(carousel.getByRole('group')).toHaveAccessibleName(
        textsOf(code)(($) => $.slideLabel, { ns: 'carousel', current: 1, total }),
      );
      await expect(carousel.getByRole('group')).toHaveAttribute('aria-roledescription', texts.slideRoleDescription);
    });
  }

  test('the job tabs, a job and Back', async ({ page }) => {
    const texts = localeTexts(lng, 'jobs');
    const all = page.getByRole('tab', { name: texts.departments.all, exact: true });
    const next = page.getByRole('tab', { name: texts.departments[departments[0]], exact: true });
    await page.goto(pageHref('jobs', lng));
    await tabTo(page, all);
    await page.keyboard.press('ArrowRight');
    await expect(next).toBeFocused();
    await expect(next).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(all).toHaveAttribute('aria-selected', 'true');
    const job = page.getByRole('tabpanel').getByRole('link').first();
    const title = await job.textContent();
    await tabTo(page, job);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
    await tabTo(page, page.getByRole('button', { name: texts.detail.back }));
    await page.keyboard.press('Enter');
    await expect(all).toBeVisible();
  });

  test('the contact form: errors tied to their fields, sending and success announced', async ({ page }) => {
    const texts = localeTexts(lng, 'contact-form');
    const release = await holdRoute(page, `**${apiPaths.contact}`);
    await page.goto(pageHref('contact', lng));
    const form = page.getByRole('main').locator('form');
    const status = form.getByRole('status');
    await expect(status).toBeEmpty();
    const control = (name: string) => contactField(page, lng, name as ContactField);
    const send = form.locator('button[type="submit"]');
    const [first, ...rest] = contactFields;
    const firstRequired = requiredContactFields[0];
    if (!first || !firstRequired) throw new Error('The contact form has no fields');

    // Every field in the order the form describes them, then the button.
    await tabTo(page, control(first.name));
    for (const field of rest) {
      await page.keyboard.press('Tab');
      await expect(control(field.name)).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(send).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(control(firstRequired.name)).toBeFocused();
    await expect(control(firstRequired.name)).toHaveAttribute('aria-invalid', 'true');
    for (const [name, error] of Object.entries(contactErrors(lng)))
      await expect(control(name)).toHaveAccessibleDescription(error);

    // Filled in by keyboard from the first required field on, with an address that is not one.
    const typed: Record<string, string> = {};
    for (const field of contactFields.slice(contactFields.indexOf(firstRequired))) {
      if (field.control.required) {
        typed[field.name] = field.name === 'email' ? 'ada@' : `Ada ${field.name}`;
        await page.keyboard.type(typed[field.name] ?? '');
        if (field === firstRequired) await expect(control(field.name)).not.toHaveAttribute('aria-invalid');
      }
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect(control('email')).toBeFocused();
    await expect(control('email')).toHaveAccessibleDescription(contactErrors(lng, typed).email ?? '');

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('ada@example.com');
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(texts.sending);
    await expect(send).toHaveAccessibleName(texts.sending);
    await expect(send).toBeDisabled();
    await expect(send).toBeFocused();
    release();
    await expect(status).toHaveText(texts.messageSentSuccess);
    expect(await focusIsOnPage(page)).toBe(true);
  });

  test.describe('the newsletter pop-up', () => {
    const texts = localeTexts(lng, 'newsletter');
    test('sign up: sending and thanks announced, focus kept', async ({ page }) => {
      const release = await holdRoute(page, `**${apiPaths.newsletter}`);
      await page.goto(pageHref('home', lng));
      const popup = page.getByRole('complementary', { name: texts.regionLabel });
      const status = popup.getByRole('status');
      await expect(status).toBeAttached();
      await expect(status).toBeEmpty();
      // The pop-up comes last in the page: Shift+Tab from the top reaches it at once.
      await tabTo(page, popup.getByRole('textbox'), { backwards: true, limit: 5 });
      await page.keyboard.type('keyboard-reader@example.com');
      await page.keyboard.press('Enter');
      await expect(status).toHaveText(texts.subscribing);
      release();
      await expect(status).toContainText(texts.thanksTitle);
      await expect(popup.getByRole('heading', { name: texts.thanksTitle })).toBeFocused();
    });

    test.describe('when the sign-up fails', () => {
      test.use({ allowConsoleErrors: ['Newsletter subscription failed', 'status of 503'] });

      test('the error is announced and tied to the field, and focus stays on the button', async ({ page }) => {
        await answerUnavailable(page, apiPaths.newsletter);
        await page.goto(pageHref('home', lng));
        const popup = page.getByRole('complementary', { name: texts.regionLabel });
        const field = popup.getByRole('textbox', { name: texts.fields.email });
        await tabTo(page, field, { backwards: true, limit: 5 });
        await page.keyboard.type('reader@example.com');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        const error = texts.newsletterSubscriptionFailed;
        await expect(popup.getByRole('alert')).toHaveText(error);
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(error);
        await expect(popup.getByRole('button', { name: texts.subscribe, exact: true })).toBeFocused();
      });
    });

    test('reserves its room at the bottom of the page while it shows', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(pageHref('home', lng));
      const popup = page.getByRole('complementary', { name: texts.regionLabel });
      const box = await popup.boundingBox();
      const space = () =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--newsletter-popup-space'));
      await expect.poll(space).toBe(`${Math.ceil(800 - (box?.y ?? 0) + 8)}px`);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom)).toBe(
        await space(),
      );
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).paddingBottom)).toBe(await space());
      await popup.getByRole('button', { name: texts.close }).click();
      await expect.poll(space).toBe('0px');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).paddingBottom)).toBe('0px');
    });

    test('close: the pop-up goes and focus stays on the page', async ({ page }) => {
      await page.goto(pageHref('home', lng));
      const popup = page.getByRole('complementary', { name: texts.regionLabel });
      await tabTo(page, popup.getByRole('button', { name: texts.close }), { backwards: true, limit: 6 });
      await page.keyboard.press('Enter');
      await expect(popup).toBeHidden();
      await expect(page.getByRole('main')).toBeFocused();
    });

    test('Escape closes it from inside', async ({ page }) => {
      await page.goto(pageHref('home', lng));
      const popup = page.getByRole('complementary', { name: texts.regionLabel });
      await tabTo(page, popup.getByRole('textbox'), { backwards: true, limit: 5 });
      await page.keyboard.press('Escape');
      await expect(popup).toBeHidden();
      await expect(page.getByRole('main')).toBeFocused();
    });
  });
});
