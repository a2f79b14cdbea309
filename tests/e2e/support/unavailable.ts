import type { Page } from '@playwright/test';

/** Makes a form endpoint answer as the server does while its database is down: 503 with the API's error. */
export async function answerUnavailable(page: Page, endpoint: '/send-contact.php' | '/subscribe-newsletter.php') {
  await page.route(`**${endpoint}`, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"error":"unavailable"}' }),
  );
}
