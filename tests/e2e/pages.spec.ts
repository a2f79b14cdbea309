import { languageCodes } from '../../common/languages';
import { localizedPath, pageHref, type PageVariant } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { unknownToken } from './support/addresses';
import { company } from '../../common/company';
import { escapeRegExp, localeTexts } from './support/locales';
import { expect, test } from './support/test';

for (const lng of languageCodes) {
  test.describe(`every route in ${lng}`, () => {
    for (const page of sitePages) {
      // The newsletter pages say "link incomplete" once they see no token: give them one.
      const variant: PageVariant = page.id.startsWith('newsletter-') ? { token: unknownToken } : {};
      const address = pageHref(page.id, lng, { variant });
      test(`${address} renders and hydrates`, async ({ page: browserPage }) => {
        const response = await browserPage.goto(address);
        if (!response) throw new Error('no response');
        expect(response.status()).toBe(200);
        expect(response.request().redirectedFrom(), 'reached without a redirect').toBeNull();
        await expect(browserPage.locator('html')).toHaveAttribute('lang', lng);
        await expect(browserPage.locator('h1')).toHaveCount(1);
        await expect(browserPage.locator('h1')).toBeVisible();
        await expect(browserPage).toHaveTitle(new RegExp(escapeRegExp(company.shortName)));
        await expect(browserPage.getByRole('banner')).toBeVisible();
        await expect(browserPage.getByRole('contentinfo')).toBeVisible();
        // docs/product.md#layout: the current year, written in by the server, not the year of the build.
        await expect(browserPage.getByRole('contentinfo')).toContainText(
          `© ${new Date().getFullYear()} ${company.name}`,
        );

        // Every interactive part is a React DOM root of its own (docs/decisions/0015-islands-of-react.md).
        await expect(browserPage.locator('html')).toHaveAttribute('data-app-ready', '');
        const islands = await browserPage.evaluate(() =>
          [...document.querySelectorAll('[data-island]')].map((element) => ({
            name: element.getAttribute('data-island'),
            reactRoot: Object.keys(element).some((key) => key.startsWith('__reactContainer$')),
          })),
        );
        expect(islands.length).toBeGreaterThanOrEqual(4);
        expect(islands.filter((island) => !island.reactRoot)).toEqual([]);

        // Hydration adopts the server's markup; it must not change a word of it.
        const html = await response.text();
        const texts = await browserPage.evaluate((serverHtml) => {
          const server = new DOMParser().parseFromString(serverHtml, 'text/html');
          const text = (root: ParentNode) =>
            ['header', 'main', 'footer'].map((selector) => root.querySelector(selector)?.textContent ?? '');
          return { server: text(server), hydrated: text(document) };
        }, html);
        expect(texts.hydrated).toEqual(texts.server);
      });
    }
  });
}

test.describe('the page-not-found screen', () => {
  // The browser reports the 404 document itself as a failed load.
  test.use({ allowConsoleErrors: ['status of 404'] });

  for (const lng of languageCodes) {
    test(`answers 404 with the product's texts in the language of the address, in ${lng}`, async ({ page }) => {
      const common = localeTexts(lng, 'common');
      const response = await page.goto(localizedPath('/no/such/page', lng));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.pageNotFoundTitle);
      await expect(page.getByText(common.pageNotFoundDescription)).toBeVisible();
      await page.getByRole('link', { name: common.backToHome, exact: true }).click();
      await expect(page).toHaveURL(pageHref('home', lng));
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every page is readable and links work', async ({ page }) => {
    const lng = 'en';
    await page.goto(pageHref('about', lng));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeTexts(lng, 'about').title);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: localeTexts(lng, 'common').pages.privacy, exact: true })
      .click();
    await expect(page).toHaveURL(pageHref('privacy', 'en'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
