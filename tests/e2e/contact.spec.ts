import { randomUUID } from 'node:crypto';
import { apiPaths } from '../../common/api-paths';
import { company } from '../../common/company';
import { hiddenField } from '../../common/forms/form-fields';
import { contactForm, type ContactField } from '../../common/forms/contact-form';
import { defaultLanguage, findLanguage, languageCodes, type Language } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import {
  contactErrors,
  contactField,
  contactFields,
  fillContactForm,
  requiredContactFields,
} from './support/contact-form';
import { holdRoute } from './support/hold-route';
import { localeTexts, textsOf } from './support/locales';
import { waitForMail } from './support/mailbox';
import { expect, test } from './support/test';
import { answerUnavailable } from './support/unavailable';

/** The contact form as a visitor uses it: fields, labels and messages from the form's description and texts. */
const texts = (lng: Language) => localeTexts(lng, 'contact-form');
const endpoint = `**${apiPaths.contact}`;
const firstField = requiredContactFields[0]?.name as ContactField;
const messageField = requiredContactFields.find((field) => field.control.type === 'textarea')?.name as ContactField;

test.describe('contact form', () => {
  test('sends a message, shows success, empties the form, and the company receives it', async ({ page }) => {
    const lng = 'en';
    const subject = `Sesame offer ${randomUUID().slice(0, 8)}`;
    const message = 'Dear team,\nwe can ship 20 t of hulled sesame in March.\nBest regards';
    await page.goto(pageHref('contact', lng));
    await fillContactForm(page, lng, {
      name: 'Kwame Boateng',
      email: 'kwame@sesame-ghana.example',
      subject,
      message,
    });
    await page.getByRole('button', { name: texts(lng).send }).click();

    const status = page.getByRole('status').filter({ hasText: texts(lng).messageSentSuccess });
    await expect(status).toBeVisible();
    await expect(status).toHaveClass(/text-success/);
    for (const field of requiredContactFields)
      await expect(contactField(page, lng, field.name as ContactField)).toHaveValue('');

    const mail = await waitForMail((m) => m.subject?.includes(subject) ?? false);
    expect(mail.to?.[0]?.address).toBe('inbox@westbridge.example');
    expect(mail.replyTo).toEqual([{ name: '', address: 'kwame@sesame-ghana.example' }]);
    // The company's copy is in its working language, each field labelled as the form labels it.
    const t = textsOf(company.workingLanguage);
    const row = (label: string, value: string) => t(($) => $.labelled, { ns: 'mail', label, value });
    expect(mail.text).toContain(
      row(
        t(($) => $.fields.name, { ns: 'contact-form' }),
        'Kwame Boateng',
      ),
    );
    expect(mail.text).toContain(message.split('\n').slice(1).join('\n'));
    expect(mail.text).toContain(
      row(
        t(($) => $.contactNotification.language, { ns: 'mail' }),
        findLanguage(lng).name,
      ),
    );
  });

  for (const lng of languageCodes) {
    test(`shows every validation message in the page's language and blocks sending, in ${lng}`, async ({ page }) => {
      let posted = false;
      await page.route(endpoint, (route) => {
        posted = true;
        return route.continue();
      });
      await page.goto(pageHref('contact', lng));
      await page.getByRole('button', { name: texts(lng).send }).click();
      const errors = contactErrors(lng);
      expect(Object.keys(errors)).toEqual(requiredContactFields.map((field) => field.name));
      for (const [name, error] of Object.entries(errors)) {
        await expect(contactField(page, lng, name as ContactField)).toHaveAccessibleDescription(error);
        await expect(contactField(page, lng, name as ContactField)).toHaveAttribute('aria-invalid', 'true');
      }
      await expect(contactField(page, lng, firstField)).toBeFocused();

      await contactField(page, lng, 'email').fill('not-an-address');
      await page.getByRole('button', { name: texts(lng).send }).click();
      const invalid = contactErrors(lng, { email: 'not-an-address' }).email ?? '';
      await expect(contactField(page, lng, 'email')).toHaveAccessibleDescription(invalid);
      await expect(page.getByText(invalid)).toBeVisible();
      expect(posted).toBe(false);
    });
  }

  test("clears a field's error when that field is edited, and only that one", async ({ page }) => {
    const lng = 'en';
    await page.goto(pageHref('contact', lng));
    await page.getByRole('button', { name: texts(lng).send }).click();
    const errors = contactErrors(lng);
    await contactField(page, lng, firstField).fill('A');
    await expect(page.getByText(errors[firstField] ?? '')).toBeHidden();
    await expect(contactField(page, lng, 'email')).toHaveAccessibleDescription(errors.email ?? '');
    await expect(contactField(page, lng, firstField)).not.toHaveAttribute('aria-invalid');
  });

  test('disables the button and says so while sending', async ({ page }) => {
    const lng = 'en';
    const release = await holdRoute(page, endpoint);
    await page.goto(pageHref('contact', lng));
    await fillContactForm(page, lng);
    await page.getByRole('button', { name: texts(lng).send }).click();
    const sending = page.getByRole('button', { name: texts(lng).sending });
    await expect(sending).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: texts(lng).send })).toBeEnabled();
    await expect(page.getByText(texts(lng).messageSentSuccess)).toBeVisible();
  });

  test.describe('when sending fails', () => {
    test.use({ allowConsoleErrors: ['Failed to send contact message', 'status of 503', 'ERR_CONNECTION_REFUSED'] });

    test('shows the failure in red and keeps what was typed', async ({ page }) => {
      const lng = defaultLanguage;
      await answerUnavailable(page, apiPaths.contact);
      await page.goto(pageHref('contact', lng));
      await fillContactForm(page, lng, { [firstField]: 'Jörg', [messageField]: 'Bitte um Rückruf.' });
      await page.getByRole('button', { name: texts(lng).send }).click();
      const status = page.getByRole('status').filter({ hasText: texts(lng).messageSendFailed });
      await expect(status).toBeVisible();
      await expect(status).toHaveClass(/text-danger/);
      await expect(contactField(page, lng, firstField)).toHaveValue('Jörg');
      await expect(contactField(page, lng, messageField)).toHaveValue('Bitte um Rückruf.');
    });

    test('treats a network failure the same way', async ({ page }) => {
      const lng = languageCodes.at(-1) ?? defaultLanguage;
      await page.route(endpoint, (route) => route.abort('connectionrefused'));
      await page.goto(pageHref('contact', lng));
      await fillContactForm(page, lng, { [firstField]: 'Awa' });
      await page.getByRole('button', { name: texts(lng).send }).click();
      await expect(page.getByText(texts(lng).messageSendFailed)).toBeVisible();
      await expect(contactField(page, lng, firstField)).toHaveValue('Awa');
    });
  });

  test('the honeypot is invisible, unreachable by keyboard and hidden from assistive technology', async ({ page }) => {
    await page.goto(pageHref('contact', 'en'));
    const name = hiddenField(contactForm, 'honeypot');
    const honeypot = page.locator(`input[name="${name}"]`);
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).not.toBeInViewport();
    // Every textbox of the form is one of its visible fields: the honeypot is none of them.
    await expect(page.getByRole('main').locator('form').getByRole('textbox')).toHaveCount(contactFields.length);
  });
});
