import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  defaultLanguage,
  languageCodes,
  languageCookieName,
  languageStorageKey,
  languages,
  type Language,
} from '../../common/languages';
import { localizedPath, pageHref, pageUrl } from '../../common/page-urls';
import { findPage, sitePages } from '../../common/site-pages';
import { builtInJobs } from './support/jobs';
import { chosenHref, jobHref, legacyHref, otherLanguage, someJob } from './support/addresses';
import { company } from '../../common/company';
import { e2eBaseUrl } from './support/environment';
import { localeTexts } from './support/locales';
import { expect, test, waitForApp } from './support/test';

/**
 * docs/contract.md#languages-and-urls: the address alone decides a page's language;
 * only the root `/` chooses one for the visitor (`?lng=`, the `i18next` cookie,
 * local then session storage, the browser language, German). The language menu
 * stores the visitor's choice, and nothing else does.
 */

const language = (lng: Language) => {
  const found = languages.find((candidate) => candidate.code === lng);
  if (!found) throw new Error(`${lng} is not in the language registry`);
  return found;
};
/** Where the root leaves a visitor who reads `lng`: German served at `/` itself, the others at their home. */
const rootOf = (lng: Language) => localizedPath(findPage('home').path, lng);
const nonDefaultLanguages = languageCodes.filter((lng) => lng !== defaultLanguage);

async function chooseInMenu(page: Page, current: Language, lng: Language) {
  await page.getByRole('button', { name: localeTexts(current, 'common').language.menu }).click();
  await page.getByRole('menuitemradio', { name: language(lng).name }).click();
}

const storedLanguage = (page: Page) => page.evaluate((key) => localStorage.getItem(key), languageStorageKey);
const languageCookie = async (context: BrowserContext, url = e2eBaseUrl) =>
  (await context.cookies(url)).find((cookie) => cookie.name === languageCookieName);

test.describe('language menu', () => {
  test('shows the same page in the chosen language and stores the choice', async ({ page, context }) => {
    const chosen = otherLanguage(defaultLanguage);
    const about = localeTexts(chosen, 'about');
    await page.goto(pageHref('about', defaultLanguage));
    await expect(page.locator('html')).toHaveAttribute('lang', defaultLanguage);
    expect(await storedLanguage(page)).toBeNull();

    await page.getByRole('button', { name: localeTexts(defaultLanguage, 'common').language.menu }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: language(defaultLanguage).name })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    for (const { code, name } of languages) {
      await expect(menu.getByRole('menuitemradio', { name })).toHaveAttribute('lang', code);
      await expect(menu.getByRole('menuitemradio', { name })).toHaveAttribute('href', pageHref('about', code));
    }
    await menu.getByRole('menuitemradio', { name: language(chosen).name }).click();

    // The page prerendered in the chosen language, at its address.
    await expect(page).toHaveURL(pageHref('about', chosen));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.title);
    await expect(page.locator('html')).toHaveAttribute('lang', chosen);
    await expect(page).toHaveTitle(`${about.meta.title} – ${company.shortName}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', pageUrl(e2eBaseUrl, 'about', chosen));
    await expect(page.getByRole('button', { name: localeTexts(chosen, 'common').language.menu })).toBeFocused();
    await expect(page.getByRole('menu')).toBeHidden();
    expect(await storedLanguage(page)).toBe(chosen);
    expect((await languageCookie(context))?.value).toBe(chosen);

    // Other pages keep the language of their address; the root opens in the stored one.
    await page.goto(pageHref('services', defaultLanguage));
    await expect(page.locator('html')).toHaveAttribute('lang', defaultLanguage);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeTexts(defaultLanguage, 'services').title);
    await page.goto('/');
    await expect(page).toHaveURL(rootOf(chosen));
    await expect(page.locator('html')).toHaveAttribute('lang', chosen);
  });

  for (const lng of languageCodes) {
    test(`choosing ${lng} is kept, and the root then opens in it whatever the browser says`, async ({ browser }) => {
      // The browser speaks another language, so only the stored choice can bring the root to this one.
      const browserLanguage = otherLanguage(lng);
      const context = await browser.newContext({ locale: language(browserLanguage).locale });
      const page = await context.newPage();
      await page.goto(pageHref('contact', browserLanguage));
      await waitForApp(page);
      await chooseInMenu(page, browserLanguage, lng);
      await expect(page).toHaveURL(pageHref('contact', lng));
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      expect(await storedLanguage(page)).toBe(lng);
      expect(await languageCookie(context)).toMatchObject({ value: lng, secure: false, sameSite: 'Lax', path: '/' });

      await page.goto('/');
      await expect(page).toHaveURL(rootOf(lng));
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await context.close();
    });
  }

  test('stores the language cookie as Secure when the page came over https, and only then', async ({
    page,
    context,
  }) => {
    await page.goto(pageHref('about', 'fr'));
    await chooseInMenu(page, 'fr', 'en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await languageCookie(context)).toMatchObject({ value: 'en', secure: false });
    await context.clearCookies();

    // The same site as if served over https: the browser takes the https address, the test server answers.
    const secureSite = 'https://www.westbridge.example';
    await context.route(`${secureSite}/**`, async (route) => {
      const url = new URL(route.request().url());
      // The browser's own headers, its cookies for the https site among them. Redirects are followed
      // here: the browser would not let the handler answer the address a redirect leads to.
      const headers = await route.request().allHeaders();
      await route.fulfill({
        response: await route.fetch({ url: `${e2eBaseUrl}${url.pathname}${url.search}`, headers }),
      });
    });
    await page.goto(`${secureSite}${pageHref('about', 'fr')}`);
    await chooseInMenu(page, 'fr', 'en');
    await expect(page).toHaveURL(`${secureSite}${pageHref('about', 'en')}`);
    expect(await languageCookie(context, secureSite)).toMatchObject({ value: 'en', secure: true });
    expect(await page.evaluate((key) => localStorage.getItem(key), languageStorageKey)).toBe('en');

    // The root, sent the Secure cookie over https, answers in the language chosen.
    await page.goto(`${secureSite}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('closes on an outside click and on Escape, returning focus', async ({ page }) => {
    await page.goto(pageHref('home', 'en'));
    const button = page.getByRole('button', { name: localeTexts('en', 'common').language.menu });
    await button.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await expect(page.getByRole('menuitemradio', { name: language('en').name })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('works with arrow keys', async ({ page }) => {
    // From the second language of the menu: Down opens on it, moves on and wraps around; End goes to the last.
    const start = 1;
    const at = (index: number) => languages[index % languages.length] ?? language(defaultLanguage);
    const last = at(languages.length - 1);
    await page.goto(pageHref('home', at(start).code));
    await page.getByRole('button', { name: localeTexts(at(start).code, 'common').language.menu }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: at(start).name })).toBeFocused();
    for (let step = 1; step < languages.length; step++) {
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitemradio', { name: at(start + step).name })).toBeFocused();
    }
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitemradio', { name: last.name })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(pageHref('home', last.code));
    await expect(page.locator('html')).toHaveAttribute('lang', last.code);
    await expect(page.getByRole('button', { name: localeTexts(last.code, 'common').language.menu })).toBeFocused();
  });
});

test.describe('the address decides', () => {
  test('a page keeps the language of its address whatever is stored or the browser says', async ({ browser }) => {
    const context = await browser.newContext({ locale: language('fr').locale });
    await context.addCookies([{ name: languageCookieName, value: 'en', url: e2eBaseUrl }]);
    const page = await context.newPage();
    await page.addInitScript((key) => localStorage.setItem(key, 'en'), languageStorageKey);
    for (const lng of languageCodes) {
      await page.goto(pageHref('about', lng));
      await expect(page).toHaveURL(pageHref('about', lng));
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      localeTexts(languageCodes.at(-1) ?? defaultLanguage, 'about').title,
    );
    await context.close();
  });

  test('old ?lng= addresses answer 301 with the page at its language’s path, other parameters kept', async ({
    request,
  }) => {
    const problems: string[] = [];
    for (const lng of languageCodes) {
      const legacy = [
        ...sitePages.map((page) => ({ from: legacyHref(page.id, lng), to: chosenHref(page.id, lng) })),
        { from: legacyHref('jobs', lng, { job: someJob }), to: jobHref(someJob, lng) },
      ];
      for (const { from, to } of legacy) {
        const response = await request.get(from, { maxRedirects: 0 });
        // The root's `?lng=de` is the visitor's explicit choice of the German home: the page itself.
        if (from === to) {
          if (response.status() !== 200) problems.push(`${from}: ${response.status()}, not the page`);
        } else if (response.status() !== 301 || response.headers().location !== to) {
          problems.push(`${from}: ${response.status()} to ${response.headers().location}, not 301 to ${to}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test('a bookmarked old address opens the page in its language', async ({ page }) => {
    const lng = otherLanguage(defaultLanguage);
    await page.goto(legacyHref('jobs', lng, { job: someJob }));
    await expect(page).toHaveURL(jobHref(someJob, lng));
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    // A job has a page of its own, titled by the job.
    const job = builtInJobs[lng].find(({ id }) => id === someJob);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(job?.title ?? `${someJob} is no built-in job`);
  });

  test('no page but the root varies with the cookie or the browser language, and none sets a cookie', async ({
    request,
  }) => {
    const problems: string[] = [];
    for (const lng of languageCodes) {
      const other = otherLanguage(lng);
      for (const page of sitePages) {
        const address = chosenHref(page.id, lng);
        const response = await request.get(address, {
          headers: { cookie: `${languageCookieName}=${other}`, 'accept-language': other },
          maxRedirects: 0,
        });
        const html = await response.text();
        const lang = /<html lang="([^"]*)"/.exec(html)?.[1];
        if (response.status() !== 200 || lang !== lng) problems.push(`${address}: ${response.status()}, lang ${lang}`);
        if (/cookie|accept-language/i.test(response.headers().vary ?? ''))
          problems.push(`${address}: Vary ${response.headers().vary}`);
        if (response.headers()['set-cookie']) problems.push(`${address}: Set-Cookie`);
      }
    }
    expect(problems).toEqual([]);
  });
});

test.describe('the root', () => {
  test('keeps a visitor who follows a link of a German page to the root in German, whatever the browser says', async ({
    browser,
  }) => {
    const lng = otherLanguage(defaultLanguage);
    const context = await browser.newContext({ locale: language(lng).locale });
    const page = await context.newPage();
    await page.goto(pageHref('about', defaultLanguage));
    expect(pageHref('home', defaultLanguage)).toBe('/');
    await page
      .getByRole('banner')
      .locator(`a[href="${pageHref('home', defaultLanguage)}"]`)
      .first()
      .click();
    await expect(page).toHaveURL(`${e2eBaseUrl}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', defaultLanguage);
    // Typed, the same address chooses by the browser's language.
    await page.goto('/');
    await expect(page).toHaveURL(rootOf(lng));
    await context.close();
  });

  const root = async (
    request: APIRequestContext,
    headers: { cookie?: string; 'accept-language'?: string },
    address = '/',
  ) => {
    const response = await request.get(address, { headers, maxRedirects: 0 });
    const html = await response.text();
    return {
      status: response.status(),
      location: response.headers().location,
      lang: /<html lang="([^"]*)"/.exec(html)?.[1],
      vary: response.headers().vary ?? '',
      cacheControl: response.headers()['cache-control'] ?? '',
      setCookie: response.headers()['set-cookie'],
    };
  };

  test('chooses by the cookie, then the browser language, German otherwise, and tells shared caches so', async ({
    request,
  }) => {
    for (const lng of languageCodes) {
      for (const headers of [
        { cookie: `${languageCookieName}=${lng}`, 'accept-language': otherLanguage(lng) },
        { 'accept-language': `${language(lng).locale},${otherLanguage(lng)};q=0.5` },
      ]) {
        const answer = await root(request, headers);
        const expected = lng === defaultLanguage ? { status: 200, lang: lng } : { status: 302, location: rootOf(lng) };
        expect(answer, JSON.stringify(headers)).toMatchObject(expected);
        expect(answer.vary).toMatch(/Accept-Language/i);
        expect(answer.vary).toMatch(/Cookie/i);
        expect(answer.cacheControl).toMatch(/private|no-store/);
        expect(answer.setCookie).toBeUndefined();
      }
    }
    expect(await root(request, {})).toMatchObject({ status: 200, lang: defaultLanguage });
  });

  test('`?lng=` is the visitor’s explicit choice and ranks first', async ({ request }) => {
    for (const lng of languageCodes) {
      const against = { cookie: `${languageCookieName}=${otherLanguage(lng)}`, 'accept-language': otherLanguage(lng) };
      const answer = await root(request, against, chosenHref('home', lng));
      expect(answer, lng).toMatchObject({ status: 200, lang: lng });
      expect(answer.setCookie).toBeUndefined();
    }
  });

  for (const lng of nonDefaultLanguages) {
    for (const javaScriptEnabled of [true, false]) {
      test(`a browser in ${lng} lands on ${rootOf(lng)} with one redirect, and the menu leads to the German home, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
        browser,
      }) => {
        const context = await browser.newContext({ locale: language(lng).locale, javaScriptEnabled });
        const page = await context.newPage();
        const response = await page.goto('/');
        await expect(page).toHaveURL(rootOf(lng));
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        const redirected = response?.request().redirectedFrom();
        expect(redirected?.url()).toBe(`${e2eBaseUrl}/`);
        expect(redirected?.redirectedFrom(), 'one redirect only').toBeNull();

        if (javaScriptEnabled) {
          await waitForApp(page);
          await chooseInMenu(page, lng, defaultLanguage);
        } else {
          await page.getByRole('banner').getByLabel(localeTexts(lng, 'common').language.menu).click();
          await page
            .getByRole('banner')
            .getByRole('link', { name: language(defaultLanguage).name })
            .click();
        }
        await expect(page).toHaveURL(chosenHref('home', defaultLanguage));
        await expect(page.locator('html')).toHaveAttribute('lang', defaultLanguage);

        // With scripts the choice is kept, so the root now serves German; without them nothing is stored.
        await page.goto('/');
        await expect(page).toHaveURL(javaScriptEnabled ? rootOf(defaultLanguage) : rootOf(lng));
        if (!javaScriptEnabled) expect(await context.cookies()).toEqual([]);
        await context.close();
      });
    }
  }

  for (const storage of ['localStorage', 'sessionStorage'] as const) {
    for (const lng of languageCodes) {
      test(`a language kept only in ${storage} (${lng}, no cookie) takes a visitor of the root to it`, async ({
        browser,
      }) => {
        // The browser speaks another language, and no cookie tells the server: only the root's head script can know.
        const context = await browser.newContext({ locale: language(otherLanguage(lng)).locale });
        const page = await context.newPage();
        await page.goto(pageHref('legal', lng));
        await waitForApp(page);
        await page.evaluate(({ storage, key, lng }) => window[storage].setItem(key, lng), {
          storage,
          key: languageStorageKey,
          lng,
        });
        expect(await context.cookies()).toEqual([]);
        await page.goto('/');
        // The German home as the explicit choice, /?lng=de, so that the root keeps it whatever the browser says.
        await expect(page).toHaveURL(chosenHref('home', lng));
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await context.close();
      });
    }
  }
});
