import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { apiPaths } from '../../common/api-paths';
import { defaultLanguage, languageCodes, languages, type Language } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { findPage } from '../../common/site-pages';
import { formResultHref, otherLanguage } from './support/addresses';
import { contactFields, fillContactForm, requiredContactFields } from './support/contact-form';
import { builtInJobs } from './support/jobs';
import { localeTexts } from './support/locales';
import { e2eBaseUrl } from './support/environment';
import { waitForMail, readMailbox } from './support/mailbox';
import { holdRoute } from './support/hold-route';
import { expect, test, waitForApp } from './support/test';

/**
 * The no-script contract (docs/decisions/0016-html-first-no-script-contract.md): every page, link and form works with
 * JavaScript off, and nothing a visitor types ever travels in an address.
 */
const texts = (lng: Language) => ({
  contactForm: localeTexts(lng, 'contact-form'),
  formResult: localeTexts(lng, 'form-result'),
  newsletter: localeTexts(lng, 'newsletter'),
  jobAlerts: localeTexts(lng, 'job-alerts'),
  jobs: localeTexts(lng, 'jobs'),
  common: localeTexts(lng, 'common'),
});

/** The default language, and the last of the menu as one that lives under its own prefix. */
const checkedLanguages = [...new Set([defaultLanguage, languageCodes.at(-1) ?? defaultLanguage])];

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
    requests.filter(
      (request) =>
        request.method() === 'GET' &&
        new RegExp(`[?&](${contactFields.map((field) => field.name).join('|')})=`).test(request.url()),
    ),
  ).toEqual([]);
}

const contactForm = (page: Page) => page.locator(`form[action="${apiPaths.contact}"]`);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lng of checkedLanguages) {
    const t = texts(lng);

    test(`a contact message (${lng}) is delivered and the result page says so`, async ({ page }) => {
      const requests = recordRequests(page);
      const marker = randomUUID().slice(0, 8);
      const values = {
        name: `Adjoa Owusu ${marker}`,
        email: `adjoa.${marker}@shea.example`,
        subject: `Sheabutter ${marker}`,
        message: `Bonjour,\nnous livrons ${marker}.`,
      };
      await page.goto(pageHref('contact', lng));
      await fillContactForm(page, lng, values);
      await contactForm(page).getByRole('button', { name: t.contactForm.send }).click();

      await expect(page).toHaveURL(formResultHref('contact-sent', lng));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.formResult.results['contact-sent'].title);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      const mail = await waitForMail((m) => m.subject?.includes(values.subject) ?? false);
      expect(mail.replyTo?.[0]?.address).toBe(values.email);
      expect(mail.text).toContain(`Bonjour,\nnous livrons ${marker}.`);
      await expectNoValueInAnyAddress(requests, [values.name, values.email, values.subject, marker]);
    });

    test(`the browser stops an incomplete contact form (${lng}) before sending`, async ({ page }) => {
      const requests = recordRequests(page);
      await page.goto(pageHref('contact', lng));
      await contactForm(page).locator('[name="email"]').fill('not-an-address');
      await contactForm(page).getByRole('button', { name: t.contactForm.send }).click();
      await expect(page).toHaveURL(pageHref('contact', lng));
      expect(
        await contactForm(page)
          .locator(`[name="${requiredContactFields[0]?.name}"]`)
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
      await page.goto(pageHref('about', lng));
      const signUp = page.locator(`form[action="${apiPaths.newsletter}"]`);
      await expect(signUp).toBeVisible();
      // It cannot be closed without scripts, so it is no overlay: it stands at the end of the page.
      await expect(page.locator('.newsletter-popup')).toHaveCSS('position', 'static');
      await signUp.locator('[name="email"]').fill(email);
      await signUp.getByRole('button', { name: t.newsletter.subscribe }).click();
      await expect(page).toHaveURL(formResultHref('newsletter-pending', lng));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t.formResult.results['newsletter-pending'].title,
      );

      const mail = await waitForMail((m) => m.to?.[0]?.address === email);
      const link = (id: 'newsletter-confirm' | 'newsletter-unsubscribe') => {
        const address = mail.text?.match(new RegExp(`https?://\\S+${findPage(id).path}\\?\\S+`))?.[0];
        const url = new URL(address ?? 'http://x/');
        expect(url.pathname, 'the mail links to the page in its language').toBe(pageHref(id, lng));
        return `${url.pathname}${url.search}`;
      };
      await page.goto(link('newsletter-confirm'));
      await page.getByRole('button', { name: t.newsletter.confirm.button }).click();
      await expect(page).toHaveURL(formResultHref('newsletter-confirmed', lng));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t.formResult.results['newsletter-confirmed'].title,
      );

      await page.goto(link('newsletter-unsubscribe'));
      await page.getByRole('button', { name: t.newsletter.unsubscribe.button }).click();
      await expect(page).toHaveURL(formResultHref('newsletter-unsubscribed', lng));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t.formResult.results['newsletter-unsubscribed'].title,
      );
      await expectNoValueInAnyAddress(requests, [email]);
    });

    test(`a job alerts sign-up on the jobs page (${lng}) mails a confirmation, and its pages work`, async ({
      page,
    }) => {
      const requests = recordRequests(page);
      const email = `ama.${randomUUID().slice(0, 8)}@example.com`;
      await page.goto(pageHref('jobs', lng));
      const signUp = page.locator(`form[action="${apiPaths.jobAlerts}"]`);
      await signUp.getByLabel(t.jobAlerts.fields.email).fill(email);
      await signUp.getByRole('checkbox', { name: t.jobs.departments.engineering }).check();
      await signUp.getByRole('button', { name: t.jobAlerts.submit }).click();
      await expect(page).toHaveURL(formResultHref('job-alerts-pending', lng));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t.formResult.results['job-alerts-pending'].title,
      );

      const mail = await waitForMail((m) => m.to?.[0]?.address === email);
      expect(mail.text).toContain(t.jobs.departments.engineering);
      const link = (id: 'job-alerts-confirm' | 'job-alerts-unsubscribe') => {
        const address = mail.text?.match(new RegExp(`https?://\\S+${findPage(id).path}\\?\\S+`))?.[0];
        const url = new URL(address ?? 'http://x/');
        expect(url.pathname, 'the mail links to the page in its language').toBe(pageHref(id, lng));
        return `${url.pathname}${url.search}`;
      };
      await page.goto(link('job-alerts-confirm'));
      await page.getByRole('button', { name: t.jobAlerts.confirm.button }).click();
      await expect(page).toHaveURL(formResultHref('job-alerts-confirmed', lng));
      await page.goto(link('job-alerts-unsubscribe'));
      await page.getByRole('button', { name: t.jobAlerts.unsubscribe.button }).click();
      await expect(page).toHaveURL(formResultHref('job-alerts-unsubscribed', lng));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t.formResult.results['job-alerts-unsubscribed'].title,
      );
      await expectNoValueInAnyAddress(requests, [email]);
    });

    test(`the language menu (${lng}) leads to the same page in another language`, async ({ page }) => {
      await page.goto(pageHref('about', lng));
      const other = languages.find((language) => language.code === otherLanguage(lng));
      if (!other) throw new Error(`No language besides ${lng}`);
      await page.getByRole('banner').getByLabel(t.common.language.menu).click();
      await page.getByRole('banner').getByRole('link', { name: other.name }).click();
      await expect(page).toHaveURL(pageHref('about', other.code));
      await expect(page.locator('html')).toHaveAttribute('lang', other.code);
    });

    test(`the mobile menu (${lng}) opens and navigates`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(pageHref('about', lng));
      const nav = page.getByRole('banner').getByRole('navigation');
      await expect(nav.getByRole('link', { name: t.common.pages.contact, exact: true })).toBeHidden();
      await page.getByRole('banner').getByLabel(t.common.menu.toggle).click();
      await nav.getByRole('link', { name: t.common.pages.contact, exact: true }).click();
      await expect(page).toHaveURL(pageHref('contact', lng));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('job links open a job and keep the chosen language', async ({ page }) => {
    const lng = otherLanguage(defaultLanguage);
    const job = builtInJobs[lng].at(-1);
    await page.goto(pageHref('jobs', lng));
    await page.getByRole('main').getByRole('link', { name: job?.title, exact: true }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === pageHref('jobs', lng) && url.search === `?job=${encodeURIComponent(job?.id ?? '')}`,
    );
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(job?.title ?? '');
  });
});

test.describe('before the scripts have started', () => {
  test.use({ waitForHydration: false, allowConsoleErrors: ['Failed to fetch dynamically imported module'] });

  test('a contact form sent at once is delivered exactly once, with no form data in any address', async ({ page }) => {
    // The app's scripts arrive only after the form has gone, as on a slow phone (a fixed delay
    // would let them win the race on a busy machine).
    const release = await holdRoute(page, '**/assets/*.js', (route) => route.continue().catch(() => {}));
    const requests = recordRequests(page);
    const marker = randomUUID().slice(0, 8);
    const values = {
      name: `Kwesi Appiah ${marker}`,
      email: `kwesi.${marker}@ginger.example`,
      subject: `Ingwer ${marker}`,
      message: `Hallo ${marker}`,
    };
    const t = texts(defaultLanguage);
    await page.goto(`${e2eBaseUrl}${pageHref('contact', defaultLanguage)}`);
    expect(await page.locator('html').getAttribute('data-app-ready')).toBeNull();
    await fillContactForm(page, defaultLanguage, values);
    await contactForm(page).getByRole('button', { name: t.contactForm.send }).click();

    await expect(page).toHaveURL(formResultHref('contact-sent', defaultLanguage));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.formResult.results['contact-sent'].title);
    release();
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
    const t = texts(defaultLanguage);
    await page.goto(pageHref('contact', defaultLanguage));
    await fillContactForm(page, defaultLanguage, values);
    release();
    await waitForApp(page);
    await contactForm(page).getByRole('button', { name: t.contactForm.send }).click();
    await expect(page.getByRole('status').filter({ hasText: t.contactForm.messageSentSuccess })).toBeVisible();
    await expect(page).toHaveURL(pageHref('contact', defaultLanguage));
    const mail = await waitForMail((m) => m.subject?.includes(values.subject) ?? false);
    expect(mail.replyTo?.[0]?.address).toBe(values.email);
    expect(mail.text).toContain(values.message);
  });
});
