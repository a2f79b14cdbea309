import { consentStorageKey, themeStorageKey } from '../../common/storage-keys';
import { languageCodes } from '../../common/languages';
import { sitePages } from '../../common/site-pages';
import { jobVisit, someJob, visitHref, visitLabel, type Visit } from './support/addresses';
import { localeTexts } from './support/locales';
import { expect, test } from './support/test';

/**
 * docs/contract.md#languages-and-urls and docs/contract.md#difference-7 (TDDDG § 25): a
 * visitor who has chosen nothing finds nothing stored in the browser, on any
 * page of any language. Storage starts with the visitor's own action: a
 * language, a theme, a cookie choice.
 */

type WriteWindow = Window & { storageWrites?: string[] };

/** Records, in each document, every write to local or session storage and to `document.cookie`. */
function recordWrites() {
  const writes: string[] = [];
  (window as WriteWindow).storageWrites = writes;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key: string, value: string) {
    writes.push(`${this === window.localStorage ? 'localStorage' : 'sessionStorage'} ${key}=${value}`);
    setItem.call(this, key, value);
  };
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    get(this: Document) {
      return cookie?.get?.call(this) as string;
    },
    set(this: Document, value: string) {
      writes.push(`cookie ${value}`);
      cookie?.set?.call(this, value);
    },
  });
}

const visits: Visit[] = [...sitePages.map((page) => ({ id: page.id })), jobVisit(someJob), { id: 'not-found' }];

for (const lng of languageCodes) {
  test.describe(`a first visit in ${lng}`, () => {
    // The page-not-found screen is reported as a failed load.
    test.use({ allowConsoleErrors: ['status of 404'] });

    test('stores nothing on any page until the visitor acts', async ({ page, context }) => {
      // Many pages in one test: a loaded machine takes seconds for each.
      test.setTimeout(visits.length * 8_000);
      await page.addInitScript(recordWrites);
      const cookieHeaders: string[] = [];
      page.on('response', async (response) => {
        const setCookie = await response.headerValue('set-cookie');
        if (setCookie) cookieHeaders.push(`${response.url()}: ${setCookie}`);
      });

      const problems: string[] = [];
      for (const visit of visits) {
        const label = visitLabel(visit);
        await page.goto(visitHref(visit, lng));
        // What the islands do once hydrated has run when the browser is next idle.
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
        const state = await page.evaluate(() => ({
          writes: (window as WriteWindow).storageWrites ?? [],
          local: Object.keys(localStorage),
          session: Object.keys(sessionStorage),
        }));
        problems.push(
          ...state.writes.map((write) => `${label}: wrote ${write}`),
          ...state.local.map((key) => `${label}: localStorage holds ${key}`),
          ...state.session.map((key) => `${label}: sessionStorage holds ${key}`),
          ...(await context.cookies()).map((cookie) => `${label}: cookie ${cookie.name}`),
        );
      }
      expect(problems).toEqual([]);
      expect(cookieHeaders).toEqual([]);

      // The record sees the visitor's own choices: the check above could have failed.
      const common = localeTexts(lng, 'common');
      await page.getByRole('button', { name: common.theme.switchToDark }).click();
      await page.getByRole('button', { name: localeTexts(lng, 'consent').banner.rejectAll, exact: true }).click();
      await expect
        .poll(() => page.evaluate(() => (window as WriteWindow).storageWrites ?? []))
        .toEqual([
          expect.stringMatching(new RegExp(`^localStorage ${themeStorageKey}=dark$`)),
          expect.stringMatching(new RegExp(`^localStorage ${consentStorageKey}=`)),
        ]);
    });
  });
}
