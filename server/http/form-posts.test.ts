import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageCodes } from '../../common/languages';
import { localizedPath } from '../../common/page-urls';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * The forms as a browser sends them without JavaScript (or before the app has
 * started): URL-encoded, answered with `303 See Other` to the page of the
 * result, or with the refusal's status and its page. Nothing the visitor typed
 * ever appears in an address.
 */
let server: TestServer;

beforeEach(async () => {
  server = await startTestServer({ formRateLimit: 5 });
});

afterEach(async () => {
  await server.close();
});

/** What Chromium sends for a form post from the site's own page. */
const browserHeaders = {
  'content-type': 'application/x-www-form-urlencoded',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'same-origin',
  origin: 'https://www.westbridge.example',
};

const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const postForm = (url: string, body: string | Record<string, string>, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { ...browserHeaders, ...headers },
    payload: typeof body === 'string' ? body : encode(body),
  });

const contact = {
  name: 'Amara Mensah',
  email: 'amara@cocoa-coop.example',
  subject: '',
  message: 'Guten Tag,\r\nwir liefern ab März.',
  website: '',
  language: 'fr',
};
const db = () => server.database.handle.db;
const storedMessages = () => db().selectFrom('contact_messages').selectAll().execute();

/** The result page of the test build (server/test/dist-fixture.ts) names its result and language. */
const expectResultPage = (
  answer: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  result: string,
  lng: string,
) => {
  expect(answer.statusCode).toBe(status);
  expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(answer.headers['content-language']).toBe(lng);
  expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.body).toContain(`<h1>result ${result} ${lng}</h1>`);
};

describe('the contact form without JavaScript', () => {
  it('stores and delivers the message, then sees the browser on to the result page in its language', async () => {
    const answer = await postForm('/send-contact.php', contact);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`${localizedPath('/form-result', 'fr')}?status=contact-sent`);
    expect(answer.body).toBe('');

    const [row] = await storedMessages();
    expect(row).toMatchObject({
      name: 'Amara Mensah',
      email: 'amara@cocoa-coop.example',
      subject: null,
      language: 'fr',
    });
    await server.app.outbox.runOnce();
    const [mail] = await server.smtp.waitFor(1);
    expect(mail?.parsed.text).toContain('Guten Tag,\nwir liefern ab März.');

    const page = await server.app.inject({ method: 'GET', url: answer.headers.location as string });
    expectResultPage(page, 200, 'contact-sent', 'fr');
  });

  it('answers a filled honeypot like a sent message and mails nothing', async () => {
    const answer = await postForm('/send-contact.php', { ...contact, website: 'https://spam.example' });
    expect(answer.statusCode).toBe(303);
    expect(await storedMessages()).toEqual([]);
    expect(await db().selectFrom('honeypot_hits').selectAll().execute()).toHaveLength(1);
    expect(await db().selectFrom('outbox').selectAll().execute()).toHaveLength(0);
  });

  it('takes a form of the next release with its new field left aside (docs/decisions/0039-fields-of-a-later-release-left-aside.md)', async () => {
    const answer = await postForm('/send-contact.php', `${encode(contact)}&nextReleaseNote=Cocoa+Coop`);
    expect(answer.statusCode).toBe(303);
    const stored = await storedMessages();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain('Cocoa Coop');
  });

  it.each([
    ['an empty name', encode({ ...contact, name: ' ' })],
    ['an address that is not one', encode({ ...contact, email: 'amara@' })],
    ['a name over 100 characters', encode({ ...contact, name: 'x'.repeat(101) })],
    ['a line break in the subject', encode({ ...contact, subject: 'Hallo\r\nBcc: x@example.com' })],
    ['a field no release of the form has', `${encode(contact)}&is-admin=1`],
    ['__proto__', `__proto__=x&${encode(contact)}`],
  ])('refuses %s with 400 and the page that says so, in the language of the form', async (_case, body) => {
    expectResultPage(await postForm('/send-contact.php', body, { 'accept-language': 'en' }), 400, 'invalid', 'fr');
    expect(await storedMessages()).toHaveLength(0);
  });

  it.each([
    ['a field twice', `${encode(contact)}&email=eve%40example.com`],
    ['a broken escape', encode(contact).replace('Amara', 'Am%zzara')],
    ['an escape that is not UTF-8', encode(contact).replace('Amara', 'Am%C0%AFara')],
    ['raw bytes beyond ASCII', encode(contact).replace('Amara', 'Amära')],
  ])('refuses %s, which no browser sends, with 400, in the language of the browser', async (_case, body) => {
    expectResultPage(
      await postForm('/send-contact.php', body, { 'accept-language': 'en-GB,en;q=0.9' }),
      400,
      'invalid',
      'en',
    );
    expect(await storedMessages()).toHaveLength(0);
  });

  it('refuses a body over 16 KiB with 413', async () => {
    const answer = await postForm(
      '/send-contact.php',
      { ...contact, message: 'x'.repeat(17 * 1024) },
      { 'accept-language': 'en' },
    );
    expectResultPage(answer, 413, 'too-large', 'en');
  });

  it('refuses another encoding with 415 (a multipart form), in the language of the cookie', async () => {
    const answer = await postForm(
      '/send-contact.php',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--',
      {
        'content-type': 'multipart/form-data; boundary=x',
        cookie: 'i18next=en',
      },
    );
    expectResultPage(answer, 415, 'unsupported', 'en');
  });

  it('refuses a post from another site with 403', async () => {
    const answer = await postForm('/send-contact.php', contact, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expectResultPage(answer, 403, 'cross-site', 'de');
    expect(await storedMessages()).toHaveLength(0);
  });

  it('refuses the sixth post in ten minutes with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) expect((await postForm('/send-contact.php', contact)).statusCode).toBe(303);
    const answer = await postForm('/send-contact.php', contact);
    expectResultPage(answer, 429, 'too-many', 'de');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('says it failed, with 503, when the message cannot be stored', async () => {
    await db().schema.dropTable('contact_messages').execute();
    expectResultPage(await postForm('/send-contact.php', contact), 503, 'failed', 'fr');
  });

  it('keeps the JSON answers for the app', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/send-contact.php',
      headers: { 'content-type': 'application/json', accept: '*/*' },
      payload: JSON.stringify({ ...contact, name: '' }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ success: false, error: 'invalid_input', fields: { name: 'nameRequired' } });
  });
});

describe('the newsletter forms without JavaScript', () => {
  async function confirmationLinks() {
    await server.app.outbox.runOnce();
    const [mail] = await server.smtp.waitFor(1);
    const links = (mail?.parsed.text ?? '').match(/https:\/\/\S+\/newsletter\/(?:confirm|unsubscribe)\?\S+/g) ?? [];
    const path = (prefix: string) => {
      const url = new URL(links.find((link) => link.includes(prefix)) ?? 'https://x/');
      return url.pathname + url.search;
    };
    return { confirm: path('/confirm?'), unsubscribe: path('/unsubscribe?') };
  }

  const resultUrl = (status: string) => `${localizedPath('/form-result', 'fr')}?status=${status}`;

  it('signs up, confirms on the page the mail links to, and unsubscribes there too', async () => {
    const signUp = await postForm('/subscribe-newsletter.php', { email: 'kofi@example.com', language: 'fr' });
    expect(signUp.statusCode).toBe(303);
    expect(signUp.headers.location).toBe(resultUrl('newsletter-pending'));

    const links = await confirmationLinks();
    expect(links.confirm).toMatch(new RegExp(`^${localizedPath('/newsletter/confirm', 'fr')}\\?token=[\\w-]{43}$`));
    // The page's form has no fields: it posts to its own address, which holds the token.
    const confirmed = await postForm(links.confirm, '');
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(resultUrl('newsletter-confirmed'));
    const [subscriber] = await db().selectFrom('newsletter_subscribers').select(['status']).execute();
    expect(subscriber?.status).toBe('confirmed');
    // Confirming twice is fine (the browser's back button and send again).
    expect((await postForm(links.confirm, '')).headers.location).toBe(resultUrl('newsletter-confirmed'));

    const unsubscribed = await postForm(links.unsubscribe, '');
    expect(unsubscribed.statusCode).toBe(303);
    expect(unsubscribed.headers.location).toBe(resultUrl('newsletter-unsubscribed'));
    const [after] = await db().selectFrom('newsletter_subscribers').select(['status']).execute();
    expect(after?.status).toBe('unsubscribed');
  });

  it.each([
    [`${localizedPath('/newsletter/confirm', 'en')}?token=${'a'.repeat(43)}`],
    [`${localizedPath('/newsletter/confirm', 'en')}?token=short`],
    [localizedPath('/newsletter/unsubscribe', 'en')],
    // A page of the old addresses, still open in a browser.
    ['/newsletter/confirm?lng=en&token=short'],
  ])('answers an unknown or broken link (%s) with 404 and the page that says so', async (url) => {
    expectResultPage(await postForm(url, ''), 404, 'link-invalid', 'en');
  });

  it.each(languageCodes)(
    'answers a link posted from the %s page in that language, whatever the browser prefers',
    async (lng) => {
      const other = languageCodes.find((code) => code !== lng) ?? lng;
      for (const page of ['/newsletter/confirm', '/newsletter/unsubscribe']) {
        const answer = await postForm(`${localizedPath(page, lng)}?token=short`, '', { 'accept-language': other });
        expectResultPage(answer, 404, 'link-invalid', lng);
      }
    },
  );

  it('refuses an address that is not one with 400', async () => {
    expectResultPage(
      await postForm('/subscribe-newsletter.php', { email: 'kofi', language: 'en' }),
      400,
      'invalid',
      'en',
    );
    expect(await db().selectFrom('newsletter_subscribers').selectAll().execute()).toHaveLength(0);
  });

  it('still serves the confirmation page itself by GET, confirming nothing', async () => {
    await postForm('/subscribe-newsletter.php', { email: 'kofi@example.com', language: 'fr' });
    const links = await confirmationLinks();
    const page = await server.app.inject({ method: 'GET', url: links.confirm });
    expect(page.statusCode).not.toBe(405);
    const [subscriber] = await db().selectFrom('newsletter_subscribers').select(['status']).execute();
    expect(subscriber?.status).toBe('pending');
  });
});
