import { randomUUID } from 'node:crypto';
import { pageHref } from '../../common/page-urls';
import { holdRoute } from './support/hold-route';
import { waitForMail } from './support/mailbox';
import { expect, test } from './support/test';
import { answerUnavailable } from './support/unavailable';

test.describe('contact form', () => {
  test('sends a message, shows success, empties the form, and the company receives it', async ({ page }) => {
    const subject = `Sesame offer ${randomUUID().slice(0, 8)}`;
    await page.goto(pageHref('contact', 'en'));
    await page.getByRole('main').getByLabel('Name').fill('Kwame Boateng');
    await page.getByRole('main').getByLabel('Email').fill('kwame@sesame-ghana.example');
    await page.getByRole('main').getByLabel('Subject').fill(subject);
    await page
      .getByRole('main')
      .getByLabel('Message')
      .fill('Dear team,\nwe can ship 20 t of hulled sesame in March.\nBest regards');
    await page.getByRole('button', { name: 'Send message' }).click();

    const status = page.getByRole('status').filter({ hasText: 'Your message has been sent successfully!' });
    await expect(status).toBeVisible();
    await expect(status).toHaveClass(/text-success/);
    await expect(page.getByRole('main').getByLabel('Name')).toHaveValue('');
    await expect(page.getByRole('main').getByLabel('Message')).toHaveValue('');

    const mail = await waitForMail((m) => m.subject?.includes(subject) ?? false);
    expect(mail.to?.[0]?.address).toBe('inbox@westbridge.example');
    expect(mail.replyTo).toEqual([{ name: '', address: 'kwame@sesame-ghana.example' }]);
    expect(mail.text).toContain('Name: Kwame Boateng');
    expect(mail.text).toContain('we can ship 20 t of hulled sesame in March.\nBest regards');
    expect(mail.text).toContain('Sprache: English');
  });

  test('shows every validation message in English and blocks sending', async ({ page }) => {
    let posted = false;
    await page.route('**/send-contact.php', (route) => {
      posted = true;
      return route.continue();
    });
    await page.goto(pageHref('contact', 'en'));
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Name')).toBeFocused();
    await expect(page.getByRole('main').getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('main').getByLabel('Name')).toHaveAccessibleDescription('Name is required');

    await page.getByRole('main').getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Email is invalid')).toBeVisible();
    expect(posted).toBe(false);
  });

  test('shows the validation messages in French', async ({ page }) => {
    await page.goto(pageHref('contact', 'fr'));
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByText('Le nom est obligatoire')).toBeVisible();
    await expect(page.getByText('L’adresse électronique est requise')).toBeVisible();
    await expect(page.getByText('Le message est obligatoire')).toBeVisible();
    await page.getByRole('main').getByLabel('Adresse électronique').fill('pas une adresse');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByText('L’adresse électronique n’est pas valide')).toBeVisible();
  });

  test("clears a field's error when that field is edited, and only that one", async ({ page }) => {
    await page.goto(pageHref('contact', 'en'));
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('main').getByLabel('Name').fill('A');
    await expect(page.getByText('Name is required')).toBeHidden();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Name')).not.toHaveAttribute('aria-invalid');
  });

  test('disables the button and says "Sending..." while sending', async ({ page }) => {
    const release = await holdRoute(page, '**/send-contact.php');
    await page.goto(pageHref('contact', 'en'));
    await page.getByRole('main').getByLabel('Name').fill('Kwame');
    await page.getByRole('main').getByLabel('Email').fill('kwame@example.com');
    await page.getByRole('main').getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await expect(page.getByText('Your message has been sent successfully!')).toBeVisible();
  });

  test.describe('when sending fails', () => {
    test.use({ allowConsoleErrors: ['Failed to send contact message', 'status of 503', 'ERR_CONNECTION_REFUSED'] });

    test('shows the failure in red and keeps what was typed', async ({ page }) => {
      await answerUnavailable(page, '/send-contact.php');
      await page.goto(pageHref('contact', 'de'));
      await page.getByRole('main').getByLabel('Name').fill('Jörg');
      await page.getByRole('main').getByLabel('E-Mail').fill('joerg@example.de');
      await page.getByRole('main').getByLabel('Nachricht').fill('Bitte um Rückruf.');
      await page.getByRole('button', { name: 'Nachricht senden' }).click();
      const status = page.getByRole('status').filter({ hasText: 'Die Nachricht konnte nicht gesendet werden.' });
      await expect(status).toBeVisible();
      await expect(status).toHaveClass(/text-danger/);
      await expect(page.getByRole('main').getByLabel('Name')).toHaveValue('Jörg');
      await expect(page.getByRole('main').getByLabel('Nachricht')).toHaveValue('Bitte um Rückruf.');
    });

    test('treats a network failure the same way', async ({ page }) => {
      await page.route('**/send-contact.php', (route) => route.abort('connectionrefused'));
      await page.goto(pageHref('contact', 'fr'));
      await page.getByRole('main').getByLabel('Nom').fill('Awa');
      await page.getByRole('main').getByLabel('Adresse électronique').fill('awa@example.sn');
      await page.getByRole('main').getByLabel('Message').fill('Bonjour');
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await expect(page.getByText('Échec de l’envoi du message. Veuillez réessayer plus tard.')).toBeVisible();
      await expect(page.getByRole('main').getByLabel('Nom')).toHaveValue('Awa');
    });
  });

  test('the honeypot is invisible, unreachable by keyboard and hidden from assistive technology', async ({ page }) => {
    await page.goto(pageHref('contact', 'en'));
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).not.toBeInViewport();
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
  });
});
