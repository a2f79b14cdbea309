import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiPaths } from '../../common/api-paths';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { newsletterFlags, themeStorageKey } from '../../common/storage-keys';
import { consentStorageKey, consentVersion } from '../../src/features/consent/consent-preferences';
import { seedConsent } from './support/consent';
import { analyticsStandIn, analyticsStandInIntegrity } from './support/environment';
import { languagesByLength, localeTexts } from './support/locales';
import { expect, test } from './support/test';

/** The banner and the settings as an English reader meets them; every word from the locale files. */
const lng = 'en';
const c = localeTexts(lng, 'consent');
const label = (category: keyof typeof c.categories) => c.categories[category].label;

const banner = (page: Page, texts = c) => page.getByRole('region', { name: texts.banner.title });
const settings = (page: Page, texts = c) => page.getByRole('dialog', { name: texts.settings.title });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

const stored = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null,
    consentStorageKey,
  );

const monthsAgo = (months: number, days = 0) => {
  const date = new Date();
  date.setMonth(date.getMonth() - months);
  date.setDate(date.getDate() - days);
  return date.toISOString();
};

/**
 * Serves ANALYTICS_SCRIPT_URL (set by global-setup to this server's
 * /test-analytics.js) with the stand-in, or with `body`. Returns the list of
 * requests made for it.
 */
async function serveAnalytics(page: Page, body = analyticsStandIn): Promise<string[]> {
  const requests: string[] = [];
  await page.route('**/test-analytics.js', async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body });
  });
  return requests;
}

const analyticsScript = (page: Page) => page.locator('script[src$="/test-analytics.js"]');

async function analyticsCookies(page: Page): Promise<string[]> {
  return (await page.context().cookies())
    .map((cookie) => cookie.name)
    .filter((name) => name.startsWith('_pk_'))
    .sort();
}

const standInCookies = ['_pk_id.1.e2e', '_pk_ses.1.e2e'];

/** The records of cookie choices the page sends, with the server's answers. */
function consentRecords(page: Page): { body: Record<string, unknown>; status: Promise<number | undefined> }[] {
  const records: { body: Record<string, unknown>; status: Promise<number | undefined> }[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith(apiPaths.consentRecord)) return;
    records.push({
      body: request.postDataJSON() as Record<string, unknown>,
      status: request.response().then((response) => response?.status()),
    });
  });
  return records;
}

test.describe('cookie banner (docs/product.md#cookie-consent, docs/contract.md#difference-1)', () => {
  test('starts with necessary only: banner shown, nothing stored, nothing optional loaded', async ({ page }) => {
    const requests = await serveAnalytics(page);
    await page.goto(pageHref('home', lng));
    await expect(banner(page)).toBeVisible();
    // Named by its title, which is no heading: the page's <h1> is the document's first heading.
    await expect(banner(page).getByRole('heading')).toHaveCount(0);
    await expect(page.getByRole('heading').first()).toHaveJSProperty('tagName', 'H1');
    await expect(banner(page).getByRole('button')).toHaveText([
      c.banner.rejectAll,
      c.banner.customize,
      c.banner.acceptAll,
    ]);
    expect(await stored(page)).toBeNull();
    await expect(analyticsScript(page)).toHaveCount(0);
    expect(requests).toEqual([]);
  });

  test('Accept All grants every category, stores it with time, version and id, loads the analytics and hides the banner for good', async ({
    page,
  }) => {
    const requests = await serveAnalytics(page);
    const records = consentRecords(page);
    await page.goto(pageHref('home', lng));
    await expect(banner(page)).toContainText(
      `With your consent, we also use Matomo (Analytics) ${c.banner.purposes.matomo}.`,
    );
    await button(page, c.banner.acceptAll).click();
    await expect(banner(page)).toBeHidden();
    const choice = await stored(page);
    expect(choice).toEqual({
      necessary: true,
      preferences: true,
      analytics: true,
      marketing: true,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      version: consentVersion,
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      services: ['matomo'],
    });
    expect(Math.abs(Date.now() - Date.parse(String(choice?.timestamp)))).toBeLessThan(5 * 60_000);
    await expect.poll(() => requests.length).toBe(1);
    await expect(analyticsScript(page)).toHaveCount(1);
    await expect.poll(() => analyticsCookies(page)).toEqual(standInCookies);

    // The server keeps a record of the choice under its id, and the settings show the visitor that id.
    await expect.poll(() => records.length).toBe(1);
    expect(records[0]?.body).toEqual({
      id: choice?.id,
      version: consentVersion,
      choices: { preferences: true, analytics: true, marketing: true },
      services: ['matomo'],
      timestamp: choice?.timestamp,
    });
    expect(await records[0]?.status).toBe(200);
    await page.getByRole('contentinfo').getByRole('button', { name: c.settings.open }).click();
    await expect(settings(page)).toContainText(`Your consent ID: ${String(choice?.id)}`);
    await button(page, c.settings.cancel).click();

    await page.reload();
    await expect(banner(page)).toBeHidden();
    await page.goto(pageHref('about', lng));
    await expect(banner(page)).toBeHidden();
  });

  test('Reject All refuses every category and hides the banner too; the analytics never loads, also after a reload', async ({
    page,
  }) => {
    const requests = await serveAnalytics(page);
    const records = consentRecords(page);
    await page.goto(pageHref('home', lng));
    await button(page, c.banner.rejectAll).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({
      necessary: true,
      preferences: false,
      analytics: false,
      marketing: false,
      version: consentVersion,
    });
    await expect.poll(() => records.length).toBe(1);
    expect(records[0]?.body).toMatchObject({ choices: { preferences: false, analytics: false, marketing: false } });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await page.goto(pageHref('about', lng));
    await expect(analyticsScript(page)).toHaveCount(0);
    expect(await analyticsCookies(page)).toEqual([]);
    expect(requests).toEqual([]);
  });

  test('a choice made when other services were in use counts for nothing: the banner asks again', async ({ page }) => {
    await seedConsent(page, { analytics: true, services: ['google'] });
    const requests = await serveAnalytics(page);
    await page.goto(pageHref('home', lng));
    await expect(banner(page)).toBeVisible();
    await expect(analyticsScript(page)).toHaveCount(0);
    expect(requests).toEqual([]);
  });

  test('Customize edits a copy: Save Preferences applies and stores it and closes the dialog', async ({ page }) => {
    await page.goto(pageHref('home', lng));
    await button(page, c.banner.customize).click();
    const dialog = settings(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('checkbox')).toHaveCount(4);
    const necessary = dialog.getByRole('checkbox', { name: label('necessary') });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    for (const name of [label('preferences'), label('analytics'), label('marketing')])
      await expect(dialog.getByRole('checkbox', { name })).not.toBeChecked();

    await dialog.getByRole('checkbox', { name: label('preferences') }).check();
    await dialog.getByRole('checkbox', { name: label('marketing') }).check();
    expect(await stored(page)).toBeNull();
    await button(page, c.settings.save).click();
    await expect(dialog).toBeHidden();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({
      necessary: true,
      preferences: true,
      analytics: false,
      marketing: true,
      version: consentVersion,
    });
  });

  for (const how of ['cancel', 'close', 'Escape'] as const) {
    test(`${how} discards the edits in the settings`, async ({ page }) => {
      await page.goto(pageHref('home', lng));
      await button(page, c.banner.customize).click();
      await settings(page)
        .getByRole('checkbox', { name: label('analytics') })
        .check();
      if (how === 'Escape') await page.keyboard.press('Escape');
      else await settings(page).getByRole('button', { name: c.settings[how], exact: true }).click();
      await expect(settings(page)).toBeHidden();
      await expect(banner(page)).toBeVisible();
      expect(await stored(page)).toBeNull();
      await button(page, c.banner.customize).click();
      await expect(settings(page).getByRole('checkbox', { name: label('analytics') })).not.toBeChecked();
    });
  }

  test('the footer button reopens the settings with the stored choice; an update is stored and closes them', async ({
    page,
  }) => {
    await seedConsent(page, { analytics: true });
    await serveAnalytics(page);
    await page.goto(pageHref('about', lng));
    await expect(banner(page)).toBeHidden();
    await page.getByRole('contentinfo').getByRole('button', { name: c.settings.open }).click();
    await expect(settings(page).getByRole('checkbox', { name: label('analytics') })).toBeChecked();
    await expect(settings(page).getByRole('checkbox', { name: label('marketing') })).not.toBeChecked();
    await settings(page)
      .getByRole('checkbox', { name: label('marketing') })
      .check();
    await button(page, c.settings.save).click();
    await expect(settings(page)).toBeHidden();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({ analytics: true, marketing: true, preferences: false });
  });

  for (const code of languageCodes) {
    test(`speaks the page's language, ${code}`, async ({ page }) => {
      const texts = localeTexts(code, 'consent');
      await page.goto(pageHref('home', code));
      const region = banner(page, texts);
      await expect(region.getByRole('button')).toHaveText([
        texts.banner.rejectAll,
        texts.banner.customize,
        texts.banner.acceptAll,
      ]);
      await region.getByRole('button', { name: texts.banner.customize }).click();
      await expect(settings(page, texts).getByRole('button', { name: texts.settings.save })).toBeVisible();
    });
  }
});

test.describe('stored choices that no longer count', () => {
  test('an older consent version asks again, and nothing of the old grant runs', async ({ page }) => {
    await seedConsent(page, { analytics: true, preferences: true, marketing: true, version: consentVersion - 1 });
    const requests = await serveAnalytics(page);
    await page.goto(pageHref('home', lng));
    await expect(banner(page)).toBeVisible();
    await button(page, c.banner.customize).click();
    await expect(settings(page).getByRole('checkbox', { name: label('analytics') })).not.toBeChecked();
    await button(page, c.settings.cancel).click();
    expect(requests).toEqual([]);
    await button(page, c.banner.rejectAll).click();
    expect(await stored(page)).toMatchObject({ analytics: false, version: consentVersion });
  });

  test('a choice older than 12 months asks again; a younger one does not', async ({ page }) => {
    await seedConsent(page, { analytics: true, timestamp: monthsAgo(12, 1) });
    const requests = await serveAnalytics(page);
    await page.goto(pageHref('home', lng));
    await expect(banner(page)).toBeVisible();
    expect(requests).toEqual([]);

    const younger = {
      necessary: true,
      preferences: false,
      analytics: false,
      marketing: false,
      timestamp: monthsAgo(11, 27),
      version: consentVersion,
      services: ['matomo'],
    };
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: consentStorageKey,
      value: JSON.stringify(younger),
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });

  test.describe('corrupted storage', () => {
    test.use({ allowConsoleErrors: ['Failed to parse cookie preferences'] });

    test('is logged, the defaults apply and the banner asks again', async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await seedConsent(page, '{"analytics": tru');
      const requests = await serveAnalytics(page);
      await page.goto(pageHref('home', lng));
      await expect(banner(page)).toBeVisible();
      expect(errors).toEqual(['Failed to parse cookie preferences']);
      await button(page, c.banner.customize).click();
      await expect(settings(page).getByRole('checkbox', { name: label('analytics') })).not.toBeChecked();
      await button(page, c.settings.save).click();
      expect(await stored(page)).toMatchObject({ necessary: true, analytics: false, version: consentVersion });
      expect(requests).toEqual([]);
    });
  });
});

test.describe('no flash, no layout shift', () => {
  /** Loads a page with the app's JavaScript replaced by nothing: what the visitor sees before it runs. */
  async function openWithoutApp(page: Page, path: string): Promise<void> {
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'export {};' }),
    );
    await page.goto(path, { waitUntil: 'load' });
  }

  test('the banner is part of the page and shows before the app has run', async ({ browser }) => {
    const page = await browser.newPage();
    await openWithoutApp(page, pageHref('about', lng));
    await expect(banner(page)).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-ready');
    await page.close();
  });

  test('a stored choice hides it from the first paint', async ({ browser }) => {
    const page = await browser.newPage();
    await seedConsent(page, { analytics: false });
    await openWithoutApp(page, pageHref('about', lng));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bconsent-decided\b/);
    await expect(page.locator('section', { hasText: c.banner.title })).toBeHidden();
    await page.close();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('neither the banner nor the footer button shows, since neither could work', async ({ page }) => {
      await page.goto(pageHref('about', lng));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('section', { hasText: c.banner.title })).toBeHidden();
      await expect(page.getByRole('contentinfo').getByText(c.settings.open)).toBeHidden();
    });
  });
});

test.describe('consent-gated analytics', () => {
  test('loads only after analytics is granted, and never for marketing alone', async ({ page }) => {
    const requests = await serveAnalytics(page);
    await page.goto(pageHref('home', lng));
    await expect(analyticsScript(page)).toHaveCount(0);
    await button(page, c.banner.customize).click();
    await settings(page)
      .getByRole('checkbox', { name: label('marketing') })
      .check();
    await button(page, c.settings.save).click();
    await expect(settings(page)).toBeHidden();
    await expect(analyticsScript(page)).toHaveCount(0);
    expect(requests).toEqual([]);

    await page.getByRole('contentinfo').getByRole('button', { name: c.settings.open }).click();
    await settings(page)
      .getByRole('checkbox', { name: label('analytics') })
      .check();
    await button(page, c.settings.save).click();
    await expect(analyticsScript(page)).toHaveCount(1);
    await expect(analyticsScript(page)).toHaveAttribute('integrity', analyticsStandInIntegrity);
    await expect(analyticsScript(page)).toHaveAttribute('crossorigin', 'anonymous');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { analyticsLoaded?: boolean }).analyticsLoaded))
      .toBe(true);
    await expect.poll(() => analyticsCookies(page)).toEqual(standInCookies);
    expect(requests).toHaveLength(1);
  });

  test.describe('a script that is not the one ANALYTICS_SCRIPT_INTEGRITY names', () => {
    // The browser reports the refused script on the console; that refusal is what this test wants.
    test.use({ allowConsoleErrors: ["Failed to find a valid digest in the 'integrity' attribute"] });

    test('is fetched but never run', async ({ page, cspViolations }) => {
      await seedConsent(page, { analytics: true });
      const requests = await serveAnalytics(page, `${analyticsStandIn} window.tampered = true;`);
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.goto(pageHref('about', lng));
      await expect(analyticsScript(page)).toHaveCount(1);
      await expect.poll(() => requests.length).toBe(1);
      await expect
        .poll(() => consoleErrors)
        .toContainEqual(expect.stringContaining("Failed to find a valid digest in the 'integrity' attribute"));
      expect(await page.evaluate(() => 'tampered' in window || 'analyticsLoaded' in window)).toBe(false);
      expect(await analyticsCookies(page)).toEqual([]);
      expect(cspViolations).toEqual([]);
    });
  });

  test('withdrawing analytics removes the script and its cookies, and stops it with a fresh page', async ({ page }) => {
    await seedConsent(page, { analytics: true });
    const requests = await serveAnalytics(page);
    await page.goto(pageHref('about', lng));
    await expect(analyticsScript(page)).toHaveCount(1);
    await expect.poll(() => analyticsCookies(page)).toEqual(standInCookies);

    await page.getByRole('contentinfo').getByRole('button', { name: c.settings.open }).click();
    await settings(page)
      .getByRole('checkbox', { name: label('analytics') })
      .uncheck();
    const reloaded = page.waitForEvent('load');
    await button(page, c.settings.save).click();
    await reloaded;
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

    await expect(page).toHaveURL(pageHref('about', lng));
    await expect(analyticsScript(page)).toHaveCount(0);
    expect(await analyticsCookies(page)).toEqual([]);
    expect(await stored(page)).toMatchObject({ analytics: false });
    expect(requests).toHaveLength(1);
  });
});

test.describe('keyboard only', () => {
  test('banner: reached right after the skip link, in order, and a choice leaves focus on the page', async ({
    page,
  }) => {
    await serveAnalytics(page);
    await page.goto(pageHref('home', lng));
    const order = [
      { role: 'link', name: localeTexts(lng, 'common').skipToContent },
      { role: 'link', name: c.banner.privacyLink },
      { role: 'button', name: c.banner.rejectAll },
      { role: 'button', name: c.banner.customize },
      { role: 'button', name: c.banner.acceptAll },
    ] as const;
    for (const { role, name } of order) {
      await page.keyboard.press('Tab');
      await expect(page.getByRole(role, { name, exact: true })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(page.getByRole('banner').getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(button(page, c.banner.acceptAll)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    await expect(page.getByRole('main')).toBeFocused();
    expect(await stored(page)).toMatchObject({ analytics: true });
  });

  test('settings dialog: focus moves in, stays in, Escape closes and focus returns to Customize', async ({ page }) => {
    await page.goto(pageHref('home', lng));
    await button(page, c.banner.customize).focus();
    await page.keyboard.press('Enter');
    const dialog = settings(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: c.settings.close })).toBeFocused();

    const cycle = [
      dialog.getByRole('checkbox', { name: label('preferences') }),
      dialog.getByRole('checkbox', { name: label('analytics') }),
      dialog.getByRole('checkbox', { name: label('marketing') }),
      dialog.getByRole('button', { name: c.settings.cancel }),
      dialog.getByRole('button', { name: c.banner.rejectAll }),
      dialog.getByRole('button', { name: c.settings.save }),
      dialog.getByRole('button', { name: c.settings.close }),
      dialog.getByRole('checkbox', { name: label('preferences') }),
    ];
    for (const control of cycle) {
      await page.keyboard.press('Tab');
      await expect(control).toBeFocused();
    }
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: c.settings.save })).toBeFocused();

    await dialog.getByRole('checkbox', { name: label('analytics') }).focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox', { name: label('analytics') })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button(page, c.banner.customize)).toBeFocused();
    expect(await stored(page)).toBeNull();
  });

  test('settings dialog: Save by keyboard from the footer button returns focus to it', async ({ page }) => {
    await seedConsent(page);
    await page.goto(pageHref('home', lng));
    const footerButton = page.getByRole('contentinfo').getByRole('button', { name: c.settings.open });
    await footerButton.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(settings(page).getByRole('checkbox', { name: label('preferences') })).toBeChecked();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(button(page, c.settings.save)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(settings(page)).toBeHidden();
    await expect(footerButton).toBeFocused();
    expect(await stored(page)).toMatchObject({ preferences: true, analytics: false });
  });
});

test.describe('layout', () => {
  for (const viewport of [
    { width: 320, height: 640 },
    { width: 1280, height: 720 },
  ]) {
    test(`the banner never covers the focused element (WCAG 2.4.11) at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(pageHref('about', lng));
      await expect(banner(page)).toBeVisible();
      const bannerHeight = (await banner(page).boundingBox())?.height ?? 0;
      expect(bannerHeight).toBeGreaterThan(0);
      await expect
        .poll(() =>
          page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--consent-banner-height')),
        )
        .toBe(`${Math.ceil(bannerHeight)}px`);

      let checked = 0;
      for (let step = 0; step < 100; step++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const active = document.activeElement;
          const section = document.getElementById('cookie-banner');
          if (!active || active === document.body || !section) return null;
          const rect = active.getBoundingClientRect();
          return {
            name: active.outerHTML.slice(0, 80),
            inBanner: section.contains(active),
            bottom: rect.bottom,
            top: rect.top,
            bannerTop: section.getBoundingClientRect().top,
          };
        });
        if (!focus) break;
        if (focus.inBanner) continue;
        checked++;
        expect(focus.bottom, `${focus.name} ends above the banner`).toBeLessThanOrEqual(focus.bannerTop + 0.5);
        expect(focus.top, `${focus.name} is on screen`).toBeGreaterThanOrEqual(0);
      }
      expect(checked).toBeGreaterThan(10);
    });
  }

  test('Reject All, Customize and Accept All have equal weight and fit at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    // In the language whose texts run longest, where the buttons are widest.
    const [code = defaultLanguage] = languagesByLength();
    await page.goto(pageHref('home', code));
    const buttons = banner(page, localeTexts(code, 'consent')).getByRole('button');
    const looks = await buttons.evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        const rect = element.getBoundingClientRect();
        return {
          look: [
            element.className,
            style.backgroundColor,
            style.color,
            style.fontSize,
            style.fontWeight,
            style.borderWidth,
          ].join(' '),
          width: Math.round(rect.width),
          height: Math.round(rect.height),
          left: rect.left,
          right: rect.right,
        };
      }),
    );
    expect(looks).toHaveLength(3);
    expect(new Set(looks.map((look) => look.look)).size).toBe(1);
    expect(new Set(looks.map((look) => `${look.width}x${look.height}`)).size).toBe(1);
    for (const look of looks) {
      expect(look.left).toBeGreaterThanOrEqual(0);
      expect(look.right).toBeLessThanOrEqual(320);
      expect(look.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test('the settings dialog stays within 90 % of the viewport and scrolls inside', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await page.goto(pageHref('home', lng));
    await button(page, c.banner.customize).click();
    const box = await settings(page).boundingBox();
    expect(box?.height).toBeLessThanOrEqual(568 * 0.9 + 1);
    expect(box?.width).toBeLessThanOrEqual(320);
    await settings(page)
      .getByRole('checkbox', { name: label('marketing') })
      .check();
    await expect(button(page, c.settings.save)).toBeInViewport();
  });

  test('publishes the banner height for the page, 0 once it is gone', async ({ page }) => {
    // The newsletter pop-up, which follows the banner, reserves room of its own (keyboard.spec.ts).
    await page.addInitScript((key) => localStorage.setItem(key, 'true'), newsletterFlags.hidden);
    await page.goto(pageHref('home', lng));
    const height = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--consent-banner-height'));
    await expect.poll(height).toMatch(/^[1-9]\d*px$/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).paddingBottom)).toBe(await height());
    await button(page, c.banner.rejectAll).click();
    await expect.poll(height).toBe('0px');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).paddingBottom)).toBe('0px');
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`banner and settings pass axe's WCAG 2.2 AA rules in the ${theme} theme`, async ({ page }) => {
      const texts = localeTexts(defaultLanguage, 'consent');
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: themeStorageKey,
        value: theme,
      });
      await page.goto(pageHref('home', defaultLanguage));
      const axe = () => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
      expect((await axe().include('#cookie-banner').analyze()).violations).toEqual([]);
      await page.getByRole('button', { name: texts.banner.customize }).click();
      await expect(settings(page, texts)).toBeVisible();
      expect((await axe().include('dialog').analyze()).violations).toEqual([]);
    });
  }
});
