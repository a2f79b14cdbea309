import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localizedPath } from '../../common/page-urls';
import { newsletterConsentTextVersion } from '../../common/forms/newsletter-form';
import { confirmedSubscribers } from './subscriptions';
import { lookAlikeAddress, lookAlikes, mailboxFamilies } from '../../common/email-address.fixtures';
import { sha256 } from '../privacy/address-hash';
import { mailTexts } from '../mail/mail-texts';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer({ formRateLimit: 100 });
});

afterEach(async () => {
  await server.close();
});

const json = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
const subscribe = (payload: unknown, headers?: Record<string, string>) =>
  json('/subscribe-newsletter.php', payload, headers);
const db = () => server.database.handle.db;
const subscribers = () => db().selectFrom('newsletter_subscribers').selectAll().execute();
const confirmationMails = () =>
  db().selectFrom('outbox').select('id').where('kind', '=', 'newsletter-confirmation').execute();
const signUpRequests = () => db().selectFrom('outbox').select('id').where('kind', '=', 'newsletter-signup').execute();
const events = () =>
  db()
    .selectFrom('newsletter_consent_events')
    .select(['event', 'language', 'consent_text_version', 'source'])
    .orderBy('occurred_at')
    .execute();

/** Delivers the outbox and returns the links of the newest confirmation mail. */
async function deliveredLinks() {
  await server.app.outbox.runOnce();
  const mails = await server.smtp.waitFor(1);
  const mail = mails.at(-1);
  const text = mail?.parsed.text ?? '';
  const token = (path: string) =>
    new URL(text.match(new RegExp(`https?://\\S+${path}\\?\\S+`))?.[0] ?? 'http://x').searchParams.get('token') ?? '';
  return { mail, confirmToken: token('/newsletter/confirm'), unsubscribeToken: token('/newsletter/unsubscribe') };
}

describe('POST /subscribe-newsletter.php', () => {
  it('stores a pending subscriber and mails a confirmation in the visitor language, without advertising', async () => {
    const response = await subscribe({ email: ' Kofi@Example.COM ', language: 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    // The request is only recorded; the outbox carries it out.
    expect(await subscribers()).toHaveLength(0);
    await server.app.outbox.runOnce();

    const [row] = await subscribers();
    expect(row).toMatchObject({
      email: 'kofi@example.com',
      status: 'pending',
      language: 'fr',
      source: 'popup',
      confirmed_at: null,
    });
    expect(row?.consent_text_version).toBe(newsletterConsentTextVersion('off'));

    const { mail, confirmToken, unsubscribeToken } = await deliveredLinks();
    expect(mail?.envelope.to).toEqual(['kofi@example.com']);
    expect(mail?.parsed.subject).toBe(mailTexts('fr').t(($) => $.newsletterConfirmation.subject));
    expect(mail?.parsed.text).toContain(
      `https://www.westbridge.example${localizedPath('/newsletter/confirm', 'fr')}?token=`,
    );
    expect(mail?.parsed.text).not.toContain('lng=');
    expect(mail?.parsed.headers.find((h) => h.key === 'list-unsubscribe')?.value).toContain(
      '/newsletter/unsubscribe?token=',
    );
    expect(confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const tokens = await db().selectFrom('newsletter_tokens').select('token_hash').execute();
    expect(tokens.map((t) => t.token_hash).sort()).toEqual([sha256(confirmToken), sha256(unsubscribeToken)].sort());
    const outboxRows = await db()
      .selectFrom('outbox')
      .select(['kind', 'status', 'payload'])
      .orderBy('created_at')
      .orderBy('kind')
      .execute();
    expect(outboxRows).toEqual([
      { kind: 'newsletter-confirmation', status: 'sent', payload: '' },
      { kind: 'newsletter-signup', status: 'sent', payload: '' },
    ]);
  });

  it('answers new, pending and confirmed addresses alike, and mails an address at most once a day, whoever asks', async () => {
    const from = (remoteAddress: string, email: string) =>
      server.app.inject({
        method: 'POST',
        url: '/subscribe-newsletter.php',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email }),
      });
    expect((await from('203.0.113.1', 'ama@example.com')).json()).toEqual({ success: true });
    expect((await from('203.0.113.2', 'AMA@example.com')).json()).toEqual({ success: true });
    expect((await from('2001:db8::7', 'ama@example.com ')).json()).toEqual({ success: true });
    await server.app.outbox.runOnce();
    expect(await confirmationMails()).toHaveLength(1);
    // The two requests that changed nothing leave no row behind once carried out.
    expect(await signUpRequests()).toHaveLength(1);

    const { signUp } = await import('./subscriptions');
    const context = {
      siteUrl: 'https://www.westbridge.example',
      mailFrom: 'x@westbridge.example',
      hash: server.app.addressHash,
      tracking: 'off' as const,
    };
    await signUp(db(), 'ama@example.com', 'de', { ...context, now: Date.now() + 23.9 * 3600_000 });
    expect(await confirmationMails()).toHaveLength(1);
    await signUp(db(), 'ama@example.com', 'de', { ...context, now: Date.now() + 24.1 * 3600_000 });
    expect(await confirmationMails()).toHaveLength(2);
    expect(await subscribers()).toHaveLength(1);

    const { confirmToken } = await deliveredLinks();
    expect((await json('/api/newsletter/confirm', { token: confirmToken })).statusCode).toBe(200);
    expect((await subscribe({ email: 'ama@example.com' })).json()).toEqual({ success: true });
    await server.app.outbox.runOnce();
    expect(await confirmationMails()).toHaveLength(2);
    expect(await subscribers()).toMatchObject([{ status: 'confirmed' }]);
    expect(await signUpRequests()).toHaveLength(1);
  });

  it('takes ten look-alike spellings of one address as that address: one subscriber, one mail, and one unsubscription ends it', async () => {
    for (const [index, spelling] of lookAlikes.entries()) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/subscribe-newsletter.php',
        remoteAddress: `203.0.113.${index + 1}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: spelling }),
      });
      expect(answer.json(), spelling).toEqual({ success: true });
    }
    await server.app.outbox.runOnce();
    expect(await subscribers()).toMatchObject([{ email: lookAlikeAddress, status: 'pending' }]);
    const { mail, unsubscribeToken } = await deliveredLinks();
    expect(server.smtp.received).toHaveLength(1);
    expect(mail?.envelope.to).toEqual([lookAlikeAddress]);

    expect((await json('/api/newsletter/unsubscribe', { token: unsubscribeToken })).statusCode).toBe(200);
    for (const spelling of lookAlikes) {
      expect((await subscribers())[0]?.email_hash).toBe(server.app.addressHash.email(spelling));
    }
    expect(await subscribers()).toMatchObject([{ status: 'unsubscribed', email: null }]);
  });

  it('mails one mailbox family once a day: its +tag and Gmail dot variants get no mail of their own, and each address is stored as written', async () => {
    const family = mailboxFamilies['ama@gmail.com'] ?? [];
    for (const [index, address] of family.entries()) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/subscribe-newsletter.php',
        remoteAddress: `203.0.113.${index + 1}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: address }),
      });
      expect(answer.json(), address).toEqual({ success: true });
    }
    await subscribe({ email: 'kofi+news@example.org' });
    await server.app.outbox.runOnce();
    expect(await confirmationMails()).toHaveLength(2);
    expect((await subscribers()).map((row) => row.email).sort()).toEqual(['ama@gmail.com', 'kofi+news@example.org']);

    const { signUp } = await import('./subscriptions');
    const context = {
      siteUrl: 'https://www.westbridge.example',
      mailFrom: 'x@westbridge.example',
      hash: server.app.addressHash,
      tracking: 'off' as const,
    };
    expect(await signUp(db(), 'A.m.a+x+y@gmail.com', 'de', { ...context, now: Date.now() + 23.9 * 3600_000 })).toBe(
      false,
    );
    expect(await signUp(db(), 'A.m.a+x+y@gmail.com', 'de', { ...context, now: Date.now() + 24.1 * 3600_000 })).toBe(
      true,
    );
    expect((await subscribers()).map((row) => row.email).sort()).toEqual([
      'a.m.a+x+y@gmail.com',
      'ama@gmail.com',
      'kofi+news@example.org',
    ]);
  });

  it('mails an address that unsubscribed again only once its last confirmation mail is a day old', async () => {
    const { signUp, unsubscribe } = await import('./subscriptions');
    const context = {
      siteUrl: 'https://www.westbridge.example',
      mailFrom: 'x@westbridge.example',
      hash: server.app.addressHash,
      tracking: 'off' as const,
    };
    await subscribe({ email: 'kwame@example.com' });
    const { unsubscribeToken } = await deliveredLinks();
    expect(await unsubscribe(db(), unsubscribeToken)).toBe('done');

    expect((await subscribe({ email: 'kwame@example.com' })).json()).toEqual({ success: true });
    await server.app.outbox.runOnce();
    expect(await confirmationMails()).toHaveLength(1);
    expect(await signUp(db(), 'kwame@example.com', 'en', { ...context, now: Date.now() + 24.1 * 3600_000 })).toBe(true);
    expect(await confirmationMails()).toHaveLength(2);
    expect((await subscribers())[0]).toMatchObject({ status: 'pending', email: 'kwame@example.com' });

    await signUp(db(), 'efua@example.com', 'en', { ...context, tracking: 'individual' });
    expect((await subscribers()).find((row) => row.email === 'efua@example.com')?.consent_text_version).toBe(
      newsletterConsentTextVersion('individual'),
    );
  });

  it('records the separate tracking consent, where the sign-up offers it, with the subscriber and every consent event', async () => {
    await server.close();
    const mailchimp = {
      name: 'mailchimp',
      key: 'k-us21',
      list: 'a1',
      url: 'http://127.0.0.1:9',
      tracking: 'individual',
    } as const;
    server = await startTestServer({ formRateLimit: 100, newsletterProvider: mailchimp });
    expect((await subscribe({ email: 'ama@example.com', tracking: true })).statusCode).toBe(200);
    expect((await subscribe({ email: 'kojo@example.com' })).statusCode).toBe(200);
    // The box of the page's own form post, without scripts.
    const post = await server.app.inject({
      method: 'POST',
      url: '/subscribe-newsletter.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=esi%40example.com&language=en&tracking=on',
    });
    expect(post.statusCode).toBe(303);
    expect((await subscribe({ email: 'yaw@example.com', tracking: 'yes' })).statusCode).toBe(400);
    await server.app.outbox.runOnce();
    const consent = async () =>
      Object.fromEntries((await subscribers()).map((row) => [row.email ?? row.id, row.tracking_consent]));
    expect(await consent()).toEqual({ 'ama@example.com': 1, 'kojo@example.com': 0, 'esi@example.com': 1 });
    const evidence = await db()
      .selectFrom('newsletter_consent_events')
      .innerJoin('newsletter_subscribers', 'newsletter_subscribers.id', 'newsletter_consent_events.subscriber_id')
      .select(['newsletter_subscribers.email', 'newsletter_consent_events.tracking_consent'])
      .execute();
    expect(new Set(evidence.map((row) => `${row.email} ${row.tracking_consent}`))).toEqual(
      new Set(['ama@example.com 1', 'kojo@example.com 0', 'esi@example.com 1']),
    );

    // Where the sign-up offers no box (no per-person tracking), a `tracking: true` is no consent.
    await server.close();
    server = await startTestServer({ formRateLimit: 100 });
    expect((await subscribe({ email: 'ama@example.com', tracking: true })).statusCode).toBe(200);
    await server.app.outbox.runOnce();
    expect(await consent()).toEqual({ 'ama@example.com': 0 });
  });

  it.each([
    [{}, 400],
    [{ email: '' }, 400],
    [{ email: 'nope' }, 400],
    [{ email: 'a@b.de', extra: 1 }, 400],
    [{ email: 'a@b.de', language: 'es' }, 400],
  ])('refuses %o', async (payload, status) => {
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false });
    expect(await subscribers()).toHaveLength(0);
  });

  it('picks the mail language from the cookie, then Accept-Language, then German', async () => {
    await subscribe({ email: 'one@example.com' }, { cookie: 'i18next=en', 'accept-language': 'fr' });
    await subscribe({ email: 'two@example.com' }, { 'accept-language': 'fr-CH' });
    await subscribe({ email: 'three@example.com' });
    await server.app.outbox.runOnce();
    const rows = await db()
      .selectFrom('newsletter_subscribers')
      .select(['email', 'language'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'one@example.com', language: 'en' },
      { email: 'three@example.com', language: 'de' },
      { email: 'two@example.com', language: 'fr' },
    ]);
  });
});

describe('confirm and unsubscribe', () => {
  it('confirms once, then says it is already done, keeping the evidence', async () => {
    await subscribe({ email: 'efua@example.com', language: 'en' });
    const { confirmToken } = await deliveredLinks();
    const first = await json('/api/newsletter/confirm', { token: confirmToken });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, status: 'confirmed' });
    const again = await json('/api/newsletter/confirm', { token: confirmToken });
    expect(again.json()).toEqual({ success: true, status: 'already_confirmed' });

    const [row] = await subscribers();
    expect(row?.status).toBe('confirmed');
    expect(row?.confirmed_at).toBeGreaterThanOrEqual(row?.signed_up_at ?? Infinity);
    expect((await events()).map((e) => e.event)).toEqual(['signed_up', 'confirmation_sent', 'confirmed']);
    expect(await confirmedSubscribers(db())).toMatchObject([
      { email: 'efua@example.com', language: 'en', source: 'popup' },
    ]);
  });

  it('answers 404 for unknown, malformed and expired tokens', async () => {
    expect((await json('/api/newsletter/confirm', { token: 'x'.repeat(43) })).statusCode).toBe(404);
    expect((await json('/api/newsletter/confirm', { token: 'short' })).statusCode).toBe(404);
    expect((await json('/api/newsletter/unsubscribe', {})).json()).toEqual({ success: false, error: 'invalid_token' });

    await subscribe({ email: 'late@example.com' });
    const { confirmToken } = await deliveredLinks();
    const { confirm } = await import('./subscriptions');
    expect(await confirm(db(), confirmToken, { now: Date.now() + 7 * 24 * 3600_000 + 1 })).toBe('invalid');
    expect((await subscribers())[0]?.status).toBe('pending');
  });

  it('unsubscribes idempotently and erases the address, keeping only the proof', async () => {
    await subscribe({ email: 'yaw@example.com', language: 'de' });
    const { confirmToken, unsubscribeToken } = await deliveredLinks();
    await json('/api/newsletter/confirm', { token: confirmToken });

    const first = await json('/api/newsletter/unsubscribe', { token: unsubscribeToken });
    expect(first.json()).toEqual({ success: true, status: 'unsubscribed' });
    expect((await json('/api/newsletter/unsubscribe', { token: unsubscribeToken })).json()).toEqual({
      success: true,
      status: 'already_unsubscribed',
    });
    const [row] = await subscribers();
    expect(row).toMatchObject({
      status: 'unsubscribed',
      email: null,
      email_hash: server.app.addressHash.email('Yaw@example.com '),
    });
    expect(row?.email_hash).not.toBe(sha256('yaw@example.com'));
    expect(row?.unsubscribed_at).toBeGreaterThan(0);
    expect((await events()).map((e) => e.event)).toEqual([
      'signed_up',
      'confirmation_sent',
      'confirmed',
      'unsubscribed',
    ]);
    expect(await confirmedSubscribers(db())).toEqual([]);
    expect((await json('/api/newsletter/confirm', { token: confirmToken })).statusCode).toBe(404);
  });

  it('refuses cross-site posts', async () => {
    const response = await json(
      '/api/newsletter/confirm',
      { token: 'x'.repeat(43) },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  /** The mail's List-Unsubscribe address and List-Unsubscribe-Post value. */
  async function listUnsubscribe() {
    await subscribe({ email: 'abena@example.com', language: 'en' });
    const { mail, confirmToken } = await deliveredLinks();
    await json('/api/newsletter/confirm', { token: confirmToken });
    const header = (key: string) => mail?.parsed.headers.find((h) => h.key === key)?.value ?? '';
    const address = /^<(https:\/\/[^>]+)>$/.exec(header('list-unsubscribe'))?.[1] ?? '';
    return { url: new URL(address), post: header('list-unsubscribe-post') };
  }
  /** A mail client's request: no cookies, no Origin, no browser headers. */
  const oneClick = (url: URL, contentType: string, payload: string) =>
    server.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': contentType },
      payload,
    });

  it('every confirmation mail says the unsubscribe address takes a one-click POST, and a POST there unsubscribes with 200, no redirect', async () => {
    const { url, post } = await listUnsubscribe();
    expect(post).toBe('List-Unsubscribe=One-Click');
    expect(url.pathname).toBe(localizedPath('/newsletter/unsubscribe', 'en'));
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const answer = await oneClick(url, 'application/x-www-form-urlencoded', post);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.json()).toEqual({ success: true, status: 'unsubscribed' });
    expect(await subscribers()).toMatchObject([{ status: 'unsubscribed', email: null }]);
    expect((await oneClick(url, 'application/x-www-form-urlencoded', post)).json()).toEqual({
      success: true,
      status: 'already_unsubscribed',
    });
  });

  it('takes the request as multipart/form-data too, the form RFC 8058 recommends', async () => {
    const { url, post } = await listUnsubscribe();
    const [name, value] = post.split('=');
    const body = `--b0undary\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--b0undary--\r\n`;
    const answer = await oneClick(url, 'multipart/form-data; boundary=b0undary', body);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, status: 'unsubscribed' });
    expect(await subscribers()).toMatchObject([{ status: 'unsubscribed' }]);
  });

  it('refuses other multipart bodies and unknown tokens, and leaves the page form as it was', async () => {
    const { url, post } = await listUnsubscribe();
    const other = '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.de\r\n--x--';
    expect((await oneClick(url, 'multipart/form-data; boundary=x', other)).statusCode).toBe(415);
    const file = `--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"; filename="a"\r\n\r\nOne-Click\r\n--x--`;
    expect((await oneClick(url, 'multipart/form-data; boundary=x', file)).statusCode).toBe(415);
    const unknown = new URL(url);
    unknown.searchParams.set('token', 'A'.repeat(43));
    const refused = await oneClick(unknown, 'application/x-www-form-urlencoded', post);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.location).toBeUndefined();
    expect(await subscribers()).toMatchObject([{ status: 'confirmed' }]);

    // A visitor's own form post from the page still goes on to the result page.
    const page = await server.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate' },
      payload: '',
    });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`${localizedPath('/form-result', 'en')}?status=newsletter-unsubscribed`);
  });
});
