import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiPaths } from '../../common/api-paths';
import { defaultLanguage, languageCodes, type Language } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { retention } from '../../common/retention';
import { findPage } from '../../common/site-pages';
import { newsletterFlags } from '../../common/storage-keys';
import { periodText } from '../../src/hooks/use-period-text';
import { otherLanguage, unknownToken } from './support/addresses';
import { skipCookieBanner } from './support/consent';
import { escapeRegExp, localeTexts, textsOf } from './support/locales';
import { holdRoute } from './support/hold-route';
import { waitForMail } from './support/mailbox';
import { expect, test, waitForApp } from './support/test';

/** The pop-up and its pages as an English reader meets them; every word from the locale files. */
const lng = 'en';
const texts = (code: Language = lng) => localeTexts(code, 'newsletter');
const popup = (page: Page, code: Language = lng) => page.getByRole('complementary', { name: texts(code).regionLabel });
const subscribedFlag = newsletterFlags.subscribed;
const hiddenFlag = newsletterFlags.hidden;
const endpoint = `**${apiPaths.newsletter}`;
/** A page's address in a mail: the site's address, then the page's path in some language, then its query. */
const linkTo = (text: string | undefined, id: 'newsletter-confirm' | 'newsletter-unsubscribe') =>
  text?.match(new RegExp(`https?://\\S+${escapeRegExp(findPage(id).path)}\\?\\S+`))?.[0] ?? '';

test.describe('newsletter pop-up', () => {
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test('waits until the cookie question is answered, so it never covers the banner', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(pageHref('home', lng));
    await waitForApp(page);
    const { banner: bannerTexts } = localeTexts(lng, 'consent');
    const banner = page.locator('#cookie-banner');
    await expect(banner).toBeVisible();
    await expect(page.locator('.newsletter-popup')).toBeHidden();
    await banner.getByRole('button', { name: bannerTexts.rejectAll, exact: true }).click();
    await expect(popup(page)).toBeVisible();
    await context.close();
  });

  test('signs up, confirms through the mail, then unsubscribes through its other link', async ({ page }) => {
    const email = `ama.${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(pageHref('home', lng));
    const box = popup(page);
    await expect(box.getByRole('heading', { name: texts().title })).toBeVisible();
    await box.getByLabel(texts().fields.email).fill(email);
    await box.getByRole('button', { name: texts().subscribe, exact: true }).click();

    await expect(box.getByRole('heading', { name: texts().thanksTitle })).toBeVisible();
    // Double opt-in: the request to confirm comes right under the title, then what follows it.
    await expect(box.getByRole('status').locator('h2 ~ p')).toHaveText([
      texts().confirmHint,
      texts().thanksDescription,
    ]);
    expect(await page.evaluate((key) => localStorage.getItem(key), subscribedFlag)).toBe('true');
    await expect(box).toBeHidden({ timeout: 6_000 });

    const mail = await waitForMail((m) => m.to?.[0]?.address === email);
    expect(mail.subject).toBe(textsOf(lng)(($) => $.newsletterConfirmation.subject, { ns: 'mail' }));
    const confirmUrl = linkTo(mail.text, 'newsletter-confirm');
    const unsubscribeUrl = linkTo(mail.text, 'newsletter-unsubscribe');
    // The mail links to the page of its language.
    expect(new URL(confirmUrl).pathname).toBe(pageHref('newsletter-confirm', lng));
    expect(new URL(unsubscribeUrl).pathname).toBe(pageHref('newsletter-unsubscribe', lng));

    // Confirming from another browser (the mail app's, say) marks that browser as subscribed too.
    await page.evaluate((key) => localStorage.removeItem(key), subscribedFlag);
    await page.goto(confirmUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeTexts(lng, 'newsletter-confirm').title);
    await expect(page.getByRole('status').filter({ hasText: texts().confirm.done })).toHaveCount(0);
    await page.getByRole('button', { name: texts().confirm.button }).click();
    const scrolledForTheClick = await page.evaluate(() => window.scrollY);
    await expect(page.getByText(texts().confirm.done)).toBeVisible();
    await expect(page.getByRole('button', { name: texts().confirm.button })).toHaveCount(0);
    // Moving the focus off the vanished button does not scroll the page (the heading stays where it was).
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledForTheClick);
    expect(await page.evaluate((key) => localStorage.getItem(key), subscribedFlag)).toBe('true');
    await page.goto(pageHref('about', lng));
    await waitForApp(page);
    await expect(popup(page)).toHaveCount(0);

    await page.goto(confirmUrl);
    await page.getByRole('button', { name: texts().confirm.button }).click();
    await expect(page.getByText(texts().confirm.already)).toBeVisible();

    await page.goto(unsubscribeUrl);
    await page.getByRole('button', { name: texts().unsubscribe.button }).click();
    await expect(page.getByText(texts().unsubscribe.done)).toBeVisible();
    await page.goto(unsubscribeUrl);
    await page.getByRole('button', { name: texts().unsubscribe.button }).click();
    await expect(page.getByText(texts().unsubscribe.already)).toBeVisible();
  });

  test('says it is subscribing, with the button disabled, while the request runs', async ({ page }) => {
    const release = await holdRoute(page, endpoint, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }),
    );
    await page.goto(pageHref('home', lng));
    await popup(page).getByLabel(texts().fields.email).fill('slow@example.com');
    await popup(page).getByRole('button', { name: texts().subscribe, exact: true }).click();
    await expect(popup(page).getByRole('button', { name: texts().subscribing })).toBeDisabled();
    release();
    await expect(popup(page).getByRole('heading', { name: texts().thanksTitle })).toBeVisible();
  });

  test('hides the thanks view after exactly 3 seconds', async ({ page }) => {
    await page.clock.install();
    const code = defaultLanguage;
    await page.route(endpoint, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }),
    );
    await page.goto(pageHref('home', code));
    // From here on, page time moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await popup(page, code).getByLabel(texts(code).fields.email).fill('clock@example.com');
    await popup(page, code)
      .getByRole('button', { name: texts(code).subscribe, exact: true })
      .click();
    await expect(popup(page, code).getByRole('heading', { name: texts(code).thanksTitle })).toBeVisible();
    await page.clock.runFor(2_999);
    await expect(popup(page, code)).toBeVisible();
    await page.clock.runFor(1);
    await expect(popup(page, code)).toBeHidden();
  });

  test.describe('failures', () => {
    test.use({ allowConsoleErrors: ['Newsletter subscription failed', 'status of 500', 'ERR_CONNECTION_REFUSED'] });

    for (const [name, respond] of [
      [
        'a non-ok answer',
        { status: 500, contentType: 'application/json', body: '{"success":false,"error":"unavailable"}' },
      ],
      ['success false', { status: 200, contentType: 'application/json', body: '{"success":false,"error":"nope"}' }],
    ] as const) {
      test(`shows the error and re-enables the button on ${name}`, async ({ page }) => {
        const errors: string[] = [];
        page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
        const code = languageCodes.at(-1) ?? defaultLanguage;
        await page.route(endpoint, (route) => route.fulfill(respond));
        await page.goto(pageHref('home', code));
        await popup(page, code).getByLabel(texts(code).fields.email).fill('echec@example.com');
        await popup(page, code)
          .getByRole('button', { name: texts(code).subscribe, exact: true })
          .click();
        await expect(popup(page, code).getByRole('alert')).toHaveText(texts(code).newsletterSubscriptionFailed);
        await expect(popup(page, code).getByRole('button', { name: texts(code).subscribe, exact: true })).toBeEnabled();
        expect(errors.some((text) => text.includes('Newsletter subscription failed'))).toBe(true);
        expect(await page.evaluate((key) => localStorage.getItem(key), subscribedFlag)).toBeNull();
      });
    }

    test('shows the error on a network failure', async ({ page }) => {
      await page.route(endpoint, (route) => route.abort('connectionrefused'));
      await page.goto(pageHref('home', lng));
      await popup(page).getByLabel(texts().fields.email).fill('offline@example.com');
      await popup(page).getByRole('button', { name: texts().subscribe, exact: true }).click();
      await expect(popup(page).getByRole('alert')).toHaveText(texts().newsletterSubscriptionFailed);
    });
  });

  test('close hides it and stores the hidden flag; it stays hidden after a reload', async ({ page }) => {
    await page.goto(pageHref('home', lng));
    await popup(page).getByRole('button', { name: texts().close }).click();
    await expect(popup(page)).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), hiddenFlag)).toBe('true');
    await page.reload();
    await expect(popup(page)).toHaveCount(0);
  });

  test.describe('before the app has loaded', () => {
    test.use({
      waitForHydration: false,
      allowConsoleErrors: ['net::ERR_FAILED', 'Failed to fetch dynamically imported module'],
    });

    for (const flag of [subscribedFlag, hiddenFlag]) {
      test(`${flag} hides it from the first paint`, async ({ page }) => {
        // Only the inline head script runs: the app's own scripts never arrive.
        await page.route('**/assets/*.js', (route) => route.abort('failed'));
        await page.goto(pageHref('home', lng));
        await expect(page.locator('html')).toHaveClass(/\bjs\b/);
        await expect(page.locator('.newsletter-popup')).toBeVisible();

        await page.evaluate((key) => localStorage.setItem(key, 'true'), flag);
        await page.reload();
        await expect(page.locator('html')).toHaveClass(/\bnewsletter-dismissed\b/);
        await expect(page.locator('.newsletter-popup')).toBeHidden();
      });
    }
  });

  test('the privacy note opens the privacy policy in a new tab', async ({ page }) => {
    await page.goto(pageHref('home', lng));
    const link = popup(page).getByRole('link', { name: texts().privacyLink });
    await expect(link).toHaveAttribute('href', pageHref('privacy', lng));
    await expect(link).toHaveAttribute('target', '_blank');
  });
});

test.describe('newsletter pages', () => {
  test.use({ allowConsoleErrors: ['status of 404'] });

  test('say when a link is unknown or expired, or incomplete', async ({ page }) => {
    const t = textsOf(lng);
    await page.goto(pageHref('newsletter-confirm', lng, { variant: { token: unknownToken } }));
    await page.getByRole('button', { name: texts().confirm.button }).click();
    await expect(
      page.getByText(
        t(($) => $.token.invalid, { ns: 'newsletter', period: periodText(t, lng, retention.confirmationLink) }),
      ),
    ).toBeVisible();
    await page.goto(pageHref('newsletter-unsubscribe', defaultLanguage));
    await expect(page.getByText(texts(defaultLanguage).token.missing)).toBeVisible();
    await expect(page.getByRole('button', { name: texts(defaultLanguage).unsubscribe.button })).toHaveCount(0);
  });

  test('are kept out of search engines', async ({ page }) => {
    const code = otherLanguage(defaultLanguage);
    await page.goto(pageHref('newsletter-confirm', code));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeTexts(code, 'newsletter-confirm').title);
  });
});
