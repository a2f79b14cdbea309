import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import newsletterEn from '../../src/content/locales/en/newsletter.json' with { type: 'json' };
import { pageHref } from '../../common/page-urls';
import { skipCookieBanner } from './support/consent';
import { holdRoute } from './support/hold-route';
import { waitForMail } from './support/mailbox';
import { expect, test, waitForApp } from './support/test';

const popup = (page: Page) => page.getByRole('complementary', { name: /newsletter/i });
const subscribedFlag = 'Westbridge_newsletter_subscribed';
const hiddenFlag = 'Westbridge_newsletter_hidden';

test.describe('newsletter pop-up', () => {
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test('waits until the cookie question is answered, so it never covers the banner', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(pageHref('home', 'en'));
    await waitForApp(page);
    const banner = page.getByRole('region', { name: /cookie/i });
    await expect(banner).toBeVisible();
    await expect(page.locator('.newsletter-popup')).toBeHidden();
    await banner.getByRole('button', { name: 'Reject All' }).click();
    await expect(popup(page)).toBeVisible();
    await context.close();
  });

  test('signs up, confirms through the mail, then unsubscribes through its other link', async ({ page }) => {
    const email = `ama.${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(pageHref('home', 'en'));
    const box = popup(page);
    await expect(box.getByRole('heading', { name: 'Subscribe to our newsletter' })).toBeVisible();
    await box.getByLabel('Email address').fill(email);
    await box.getByRole('button', { name: 'Subscribe' }).click();

    await expect(box.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible();
    // Double opt-in: the request to confirm comes right under the title, then what follows it.
    await expect(box.getByRole('status').locator('h2 ~ p')).toHaveText([
      newsletterEn.confirmHint,
      newsletterEn.thanksDescription,
    ]);
    expect(await page.evaluate((key) => localStorage.getItem(key), subscribedFlag)).toBe('true');
    await expect(box).toBeHidden({ timeout: 6_000 });

    const mail = await waitForMail((m) => m.to?.[0]?.address === email);
    expect(mail.subject).toBe('Please confirm your subscription to the Westbridge newsletter');
    const confirmUrl = mail.text?.match(/https?:\/\/\S+\/newsletter\/confirm\?\S+/)?.[0] ?? '';
    const unsubscribeUrl = mail.text?.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?\S+/)?.[0] ?? '';
    // The mail links to the page of its language.
    expect(new URL(confirmUrl).pathname).toBe(pageHref('newsletter-confirm', 'en'));
    expect(new URL(unsubscribeUrl).pathname).toBe(pageHref('newsletter-unsubscribe', 'en'));

    // Confirming from another browser (the mail app's, say) marks that browser as subscribed too.
    await page.evaluate((key) => localStorage.removeItem(key), subscribedFlag);
    await page.goto(confirmUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your newsletter subscription');
    await expect(page.getByRole('status').filter({ hasText: /confirmed/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    const scrolledForTheClick = await page.evaluate(() => window.scrollY);
    await expect(page.getByText('Thank you! Your subscription is confirmed.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0);
    // Moving the focus off the vanished button does not scroll the page (the heading stays where it was).
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledForTheClick);
    expect(await page.evaluate((key) => localStorage.getItem(key), subscribedFlag)).toBe('true');
    await page.goto(pageHref('about', 'en'));
    await waitForApp(page);
    await expect(popup(page)).toHaveCount(0);

    await page.goto(confirmUrl);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByText('Your subscription was already confirmed')).toBeVisible();

    await page.goto(unsubscribeUrl);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You have been unsubscribed and will no longer receive our newsletter.')).toBeVisible();
    await page.goto(unsubscribeUrl);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You were already unsubscribed')).toBeVisible();
  });

  test('shows "Subscribing..." with the button disabled while the request runs', async ({ page }) => {
    const release = await holdRoute(page, '**/subscribe-newsletter.php', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }),
    );
    await page.goto(pageHref('home', 'en'));
    await popup(page).getByLabel('Email address').fill('slow@example.com');
    await popup(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(popup(page).getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    release();
    await expect(popup(page).getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible();
  });

  test('hides the thanks view after exactly 3 seconds', async ({ page }) => {
    await page.clock.install();
    await page.route('**/subscribe-newsletter.php', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }),
    );
    await page.goto(pageHref('home', 'de'));
    // From here on, page time moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await popup(page).getByLabel('E-Mail-Adresse').fill('clock@example.com');
    await popup(page).getByRole('button', { name: 'Abonnieren' }).click();
    await expect(popup(page).getByRole('heading', { name: 'Vielen Dank für Ihr Abonnement!' })).toBeVisible();
    await page.clock.runFor(2_999);
    await expect(popup(page)).toBeVisible();
    await page.clock.runFor(1);
    await expect(popup(page)).toBeHidden();
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
        await page.route('**/subscribe-newsletter.php', (route) => route.fulfill(respond));
        await page.goto(pageHref('home', 'fr'));
        await popup(page).getByLabel('Adresse électronique').fill('echec@example.com');
        await popup(page).getByRole('button', { name: 'S’abonner' }).click();
        await expect(popup(page).getByRole('alert')).toHaveText('Échec de l’abonnement. Veuillez réessayer plus tard.');
        await expect(popup(page).getByRole('button', { name: 'S’abonner' })).toBeEnabled();
        expect(errors.some((text) => text.includes('Newsletter subscription failed'))).toBe(true);
        expect(await page.evaluate((key) => localStorage.getItem(key), subscribedFlag)).toBeNull();
      });
    }

    test('shows the error on a network failure', async ({ page }) => {
      await page.route('**/subscribe-newsletter.php', (route) => route.abort('connectionrefused'));
      await page.goto(pageHref('home', 'en'));
      await popup(page).getByLabel('Email address').fill('offline@example.com');
      await popup(page).getByRole('button', { name: 'Subscribe' }).click();
      await expect(popup(page).getByRole('alert')).toHaveText('Failed to subscribe. Please try again later.');
    });
  });

  test('close hides it and stores the hidden flag; it stays hidden after a reload', async ({ page }) => {
    await page.goto(pageHref('home', 'en'));
    await popup(page).getByRole('button', { name: 'Close newsletter' }).click();
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
        await page.goto(pageHref('home', 'en'));
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
    await page.goto(pageHref('home', 'en'));
    const link = popup(page).getByRole('link', { name: /Privacy Policy/ });
    await expect(link).toHaveAttribute('href', pageHref('privacy', 'en'));
    await expect(link).toHaveAttribute('target', '_blank');
  });
});

test.describe('newsletter pages', () => {
  test.use({ allowConsoleErrors: ['status of 404'] });

  test('say when a link is unknown or expired, or incomplete', async ({ page }) => {
    await page.goto(pageHref('newsletter-confirm', 'en', { variant: { token: 'A'.repeat(43) } }));
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByText('This link is unknown or has expired.')).toBeVisible();
    await page.goto(pageHref('newsletter-unsubscribe', 'de'));
    await expect(page.getByText('Dieser Link ist unvollständig.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abmelden' })).toHaveCount(0);
  });

  test('are kept out of search engines', async ({ page }) => {
    await page.goto(pageHref('newsletter-confirm', 'fr'));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirmer votre inscription à la newsletter');
  });
});
