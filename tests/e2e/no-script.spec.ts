import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import type { Language } from '../../common/languages';
import contactFormDe from '../../src/content/locales/de/contact-form.json' with { type: 'json' };
import contactFormFr from '../../src/content/locales/fr/contact-form.json' with { type: 'json' };
import formResultDe from '../../src/content/locales/de/form-result.json' with { type: 'json' };
import formResultFr from '../../src/content/locales/fr/form-result.json' with { type: 'json' };
import newsletterDe from '../../src/content/locales/de/newsletter.json' with { type: 'json' };
import newsletterFr from '../../src/content/locales/fr/newsletter.json' with { type: 'json' };
import commonDe from '../../src/content/locales/de/common.json' with { type: 'json' };
import commonFr from '../../src/content/locales/fr/common.json' with { type: 'json' };
import { e2eBaseUrl } from './support/environment';
import { waitForMail, readMailbox } from './support/mailbox';
import { holdRoute } from './support/hold-route';
import { expect, test, waitForApp } from './support/test';

/**
 * The no-script contract (decision 16): every page, link and form works with
 * JavaScript off, and nothing a visitor types ever travels in an address.
 */
const texts = {
  de: { contactForm: contactFormDe, formResult: formResultDe, newsletter: newsletterDe, common: commonDe },
  fr: { contactForm: contactFormFr, formResult: formResultFr, newsletter: newsletterFr, common: commonFr },
} satisfies Partial<Record<Language, unknown>>;

/** Every request the page makes, with its Referer, to check that none carries what the visitor typed. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

async function expectNoValueInAnyAddress(requests: Request[], values: string[]) {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    const referer = (await request.allHeaders()).referer ?? '';
    for (const value of values) {
      for (const form of [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]) {
        expect(request.url(), `${request.method()} ${request.url()}`).not.toContain(form);
        expect(referer, `Referer of ${request.url()}`).not.toContain(form);
      }
    }
  }
  expect(
    requests.filter((request) => request.method() === 'GET' && /[?&](name|email|message)=/.test(request.url())),
  ).toEqual([]);
}

const contactForm = (page: Page) => page.locator('form[action="/send-contact.php"]');

async function fillContactForm(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  const form = contactForm(page);
  await form.locator('[name="name"]').fill(values.name);
  await form.locator('[name="email"]').fill(values.email);
  await form.locator('[name="subject"]').fill(values.subject);
  await form.locator('[name="message"]').fill(values.message);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lng of ['de', 'fr'] as const) {
    const t = texts[lng];

    test(`a contact message (${lng}) is delivered and the result page says so`, async ({ page }) => {
      const requests = recordRequests(page);
      const marker = randomUUID().slice(0, 8);
      const values = {
        name: `Adjoa Owusu ${marker}`,
        email: `adjoa.${marker}@shea.example`,
        subject: `Sheabutter ${marker}`,
        message: `Bonjour,\nnous livrons ${marker}.`,
      };
      await page.goto(`/contact?lng=${lng}`);
      await fillContactForm(page, values);
      await contactForm(page).getByRole('button', { name: t.contactForm.send }).click();

      await expect(page).toHaveURL(`/form-result?status=contact-sent&lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.formResult.results['contact-sent'].title);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      const mail = await waitForMail((m) => m.subject?.includes(values.subject) ?? false);
      expect(mail.replyTo?.[0]?.address).toBe(values.email);
      expect(mail.text).toContain(`Bonjour,\nnous livrons ${marker}.`);
      await expectNoValueInAnyAddress(requests, [values.name, values.email, values.subject, marker]);
    });

    test(`the browser stops an incomplete contact form (${lng}) before sending`, async ({ page }) => {
      const requests = recordRequests(page);
      await page.goto(`/contact?lng=${lng}`);
      await contactForm(page).locator('[name="email"]').fill('not-an-address');
      await contactForm(page).getByRole('button', { name: t.contactForm.send }).click();
      await expect(page).toHaveURL(`/contact?lng=${lng}`);
      expect(
        await contactForm(page)
          .locator('[name="name"]')
          .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
      ).toBe(true);
      expect(
        await contactForm(page)
          .locator('[name="email"]')
          .evaluate((input: HTMLInputElement) => input.validity.typeMismatch),
      ).toBe(true);
      expect(requests.filter((request) => request.method() === 'POST')).toEqual([]);
    });

    test(`a newsletter sign-up (${lng}) mails a confirmation, and the confirm and unsubscribe pages work`, async ({
      page,
    }) => {
      const requests = recordRequests(page);
      const email = `kofi.${randomUUID().slice(0, 8)}@example.com`;
      await page.goto(`/about?lng=${lng}`);
      const signUp = page.locator('form[action="/subscribe-newsletter.php"]');
      await expect(signUp).toBeVisible();
      // It cannot be closed without scripts, so it is no overlay: it stands at the end of the page.
      await expect(page.locator('.newsletter-popup')).toHaveCSS('position', 'static');
      await signUp.locator('[name="email"]').fill(email);
      await signUp.getByRole('button', { name: t.newsletter.subscribe }).click();
      await expect(page).toHaveURL(`/form-result?status=newsletter-pending&lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t.formResult.results['newsletter-pending'].title,
      );

      const mail = await waitForMail((m) => m.to?.[0]?.address === email);
      const link = (path: string) => {
        const url = new URL(mail.text?.match(new RegExp(`https?://\\S+${path}\\?\\S+`))?.[0] ?? 'http://x/');
        return `${url.pathname}${url.search}`;
      };
      await page.goto(link('/newsletter/confirm'));
      await page.getByRole('button', { name: t.newsletter.confirm.button }).click();
      await expect(page).toHaveURL(`/form-result?status=newsletter-confirmed&lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t.formResult.results['newsletter-confirmed'].title,
      );

      await page.goto(link('/newsletter/unsubscribe'));
      await page.getByRole('button', { name: t.newsletter.unsubscribe.button }).click();
      await expect(page).toHaveURL(`/form-result?status=newsletter-unsubscribed&lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t.formResult.results['newsletter-unsubscribed'].title,
      );
      await expectNoValueInAnyAddress(requests, [email]);
    });

    test(`the language menu (${lng}) leads to the same page in another language`, async ({ page }) => {
      await page.goto(`/about?lng=${lng}`);
      const other = lng === 'de' ? { code: 'fr', name: 'Français' } : { code: 'de', name: 'Deutsch' };
      await page.getByRole('banner').getByLabel(t.common.language.menu).click();
      await page.getByRole('banner').getByRole('link', { name: other.name }).click();
      await expect(page).toHaveURL(`/about?lng=${other.code}`);
      await expect(page.locator('html')).toHaveAttribute('lang', other.code);
    });

    test(`the mobile menu (${lng}) opens and navigates`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(`/about?lng=${lng}`);
      const nav = page.getByRole('banner').getByRole('navigation');
      await expect(nav.getByRole('link', { name: t.common.nav.contact })).toBeHidden();
      await page.getByRole('banner').getByLabel(t.common.menu.toggle).click();
      await nav.getByRole('link', { name: t.common.nav.contact }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('job links open a job and keep the chosen language', async ({ page }) => {
    await page.goto('/jobs?lng=fr');
    await page
      .getByRole('main')
      .getByRole('link')
      .filter({ hasText: /Responsable informatique|IT/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/fr\/jobs\?job=job-\d{3}$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});

test.describe('before the scripts have started', () => {
  test.use({ waitForHydration: false, allowConsoleErrors: ['Failed to fetch dynamically imported module'] });

  test('a contact form sent at once is delivered exactly once, with no form data in any address', async ({ page }) => {
    // The app's scripts arrive 3 s late, as on a slow phone.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue().catch(() => {});
    });
    const requests = recordRequests(page);
    const marker = randomUUID().slice(0, 8);
    const values = {
      name: `Kwesi Appiah ${marker}`,
      email: `kwesi.${marker}@ginger.example`,
      subject: `Ingwer ${marker}`,
      message: `Hallo ${marker}`,
    };
    await page.goto(`${e2eBaseUrl}/contact?lng=de`);
    expect(await page.locator('html').getAttribute('data-app-ready')).toBeNull();
    await fillContactForm(page, values);
    await contactForm(page).getByRole('button', { name: contactFormDe.send }).click();

    await expect(page).toHaveURL('/form-result?status=contact-sent&lng=de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(formResultDe.results['contact-sent'].title);
    await waitForMail((m) => m.subject?.includes(values.subject) ?? false);
    // Another outbox round would have delivered a second copy by now.
    await page.waitForTimeout(2_000);
    const copies = (await readMailbox()).filter((m) => m.subject?.includes(values.subject));
    expect(copies).toHaveLength(1);
    await expectNoValueInAnyAddress(requests, [values.name, values.email, values.subject, marker]);
  });

  test('what a visitor typed before the app started is kept when it starts, and sent', async ({ page }) => {
    const release = await holdRoute(page, '**/assets/*.js');
    const marker = randomUUID().slice(0, 8);
    const values = {
      name: `Efua Mensah ${marker}`,
      email: `efua.${marker}@moringa.example`,
      subject: `Moringa ${marker}`,
      message: `Guten Tag ${marker}`,
    };
    await page.goto('/contact?lng=de');
    await fillContactForm(page, values);
    release();
    await waitForApp(page);
    await contactForm(page).getByRole('button', { name: contactFormDe.send }).click();
    await expect(page.getByRole('status').filter({ hasText: contactFormDe.messageSentSuccess })).toBeVisible();
    await expect(page).toHaveURL('/contact?lng=de');
    const mail = await waitForMail((m) => m.subject?.includes(values.subject) ?? false);
    expect(mail.replyTo?.[0]?.address).toBe(values.email);
    expect(mail.text).toContain(values.message);
  });
});
