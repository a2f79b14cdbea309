import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../common/api-paths';
import { company } from '../../common/company';
import { mailTexts } from '../mail/mail-texts';
import { startTestServer, type TestServer } from '../test/test-server';

/** The company's copy is in its working language: its subject and rows as mail.json and contact-form.json word them. */
const { t, form } = mailTexts(company.workingLanguage);
const subjectOf = (subject: string, name: string) => t(($) => $.contactNotification.subject, { subject, name });
const mailRow = (field: 'name' | 'email', value: string) =>
  t(($) => $.labelled, { label: form(($) => $.fields[field]), value });

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

const valid = {
  name: 'Amara Mensah',
  email: 'amara@cocoa-coop.example',
  subject: 'Kakaobohnen, 40 t',
  message: 'Guten Tag,\n\nwir können ab März liefern.\nViele Grüße',
};

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: apiPaths.contact,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const stored = () => server.database.handle.db.selectFrom('contact_messages').selectAll().execute();
const outbox = () => server.database.handle.db.selectFrom('outbox').selectAll().execute();

/** Sends a message that the form accepts and delivers it: the mail as the SMTP server received it. */
async function deliver(payload: unknown) {
  expect((await post(payload)).statusCode).toBe(200);
  await server.app.outbox.runOnce();
  const [mail] = await server.smtp.waitFor(1);
  return mail;
}

describe('POST /send-contact.php', () => {
  it("stores a valid message, answers 200, and delivers it to CONTACT_TO with Reply-To the visitor's address", async () => {
    const response = await post({ ...valid, language: 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: valid.name, email: valid.email, language: 'fr' });
    expect(await outbox()).toHaveLength(1);

    await server.app.outbox.runOnce();
    const [mail] = await server.smtp.waitFor(1);
    expect(mail?.envelope.to).toEqual(['inbox@westbridge.example']);
    expect(mail?.parsed.replyTo).toEqual([{ name: '', address: 'amara@cocoa-coop.example' }]);
    expect(mail?.parsed.subject).toBe(subjectOf(valid.subject, valid.name));
    expect(mail?.parsed.text).toContain('wir können ab März liefern.\nViele Grüße');
    expect(mail?.parsed.text).toContain(`${mailRow('email', valid.email)}\n`);
    expect(mail?.parsed.html).toContain('Amara Mensah');
    expect(mail?.parsed.messageId).toMatch(/^<[0-9a-f-]+@www\.westbridge\.example>$/);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps umlauts, accents and emoji intact in the delivered mail', async () => {
    const unicode = {
      name: 'Zoë Ørsted-Müller',
      email: 'zoe@exemple.fr',
      subject: 'Ça marche ✅',
      message: 'Grüße aus Köln – très bien 👋🏿',
    };
    const mail = await deliver(unicode);
    expect(mail?.parsed.subject).toBe(subjectOf(unicode.subject, unicode.name));
    expect(mail?.parsed.text).toContain('Grüße aus Köln – très bien 👋🏿');
    expect(mail?.parsed.html).toContain('Grüße aus Köln – très bien 👋🏿');
    expect(mail?.parsed.text).toContain(mailRow('name', unicode.name));
  });

  it('never lets a name pass for another sender: Reply-To is the address alone', async () => {
    const spoof = { ...valid, name: 'IT-Support <it@westbridge.example>', email: 'attacker@evil.example' };
    const mail = await deliver(spoof);
    const replyTo = mail?.parsed.headers.find((header) => header.key === 'reply-to')?.value;
    expect(replyTo).toBe('attacker@evil.example');
    expect(mail?.parsed.text).toContain('Name: IT-Support <it@westbridge.example>');
  });

  it('shows an internationalised domain in its punycode form beside the displayed one', async () => {
    // A Cyrillic "е" (U+0435) in place of the Latin "e".
    const lookAlike = { ...valid, email: 'ceo@w\u0435stbridge.example' };
    const mail = await deliver(lookAlike);
    const line = mailRow('email', 'ceo@w\u0435stbridge.example (ceo@xn--wstbridge-g0h.example)');
    expect(mail?.parsed.text).toContain(line);
    expect(mail?.parsed.html).toContain('ceo@w\u0435stbridge.example (ceo@xn--wstbridge-g0h.example)');
    expect(mail?.parsed.replyTo).toEqual([{ name: '', address: 'ceo@xn--wstbridge-g0h.example' }]);
  });

  it('escapes every visitor value in the HTML part', async () => {
    const hostile = {
      name: '<b>Eve</b>',
      email: 'eve@example.com',
      subject: '<img src=x onerror=alert(1)>',
      message: '<script>alert("x")</script> & more',
    };
    const mail = await deliver(hostile);
    expect(mail?.parsed.html).not.toMatch(/<script|<img|<b>Eve/);
    expect(mail?.parsed.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(mail?.parsed.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });

  it.each([
    [{ name: '' }, { name: 'nameRequired' }],
    [{ email: '' }, { email: 'emailRequired' }],
    [{ email: 'no-at-sign' }, { email: 'invalidEmail' }],
    [{ message: '   ' }, { message: 'messageRequired' }],
    [{ name: 'n'.repeat(101) }, { name: 'nameTooLong' }],
    [{ subject: 's'.repeat(201) }, { subject: 'subjectTooLong' }],
    [{ message: 'm'.repeat(5001) }, { message: 'messageTooLong' }],
    [{ name: null }, { name: 'nameRequired' }],
    [{ message: ['a'] }, { message: 'messageRequired' }],
  ])('answers 400 with the field key for %o', async (change, fields) => {
    const response = await post({ ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'invalid_input', fields });
    expect(await stored()).toHaveLength(0);
  });

  it('takes a message from the next release with its new field left aside (docs/decisions/0039-fields-of-a-later-release-left-aside.md), and stores and mails the rest', async () => {
    const response = await post({ ...valid, nextReleaseNote: 'Cocoa Coop Ltd.' });
    expect(response.statusCode).toBe(200);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: valid.name, message: valid.message });
    expect(JSON.stringify(rows[0])).not.toContain('Cocoa Coop Ltd.');
    await server.app.outbox.runOnce();
    const [mail] = await server.smtp.waitFor(1);
    expect(mail?.parsed.text).toContain(valid.message);
    expect(mail?.parsed.text).not.toContain('Cocoa Coop Ltd.');
  });

  it('refuses unknown fields', async () => {
    const response = await post({ ...valid, isAdmin: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'unknown_fields' });
  });

  it.each(['name', 'email', 'subject'] as const)('refuses a header-injection attempt in %s', async (field) => {
    const response = await post({ ...valid, [field]: `${valid[field]}\r\nBcc: victim@example.com` });
    expect(response.statusCode).toBe(400);
    expect(await outbox()).toHaveLength(0);
  });

  it('keeps line breaks in the message without letting them into the headers', async () => {
    const response = await post({ ...valid, message: 'Hallo\r\nBcc: victim@example.com\r\n\r\nText' });
    expect(response.statusCode).toBe(200);
    await server.app.outbox.runOnce();
    const [mail] = await server.smtp.waitFor(1);
    expect(mail?.envelope.to).toEqual(['inbox@westbridge.example']);
    expect(mail?.parsed.bcc).toBeUndefined();
    expect(mail?.parsed.text).toContain('Hallo\nBcc: victim@example.com\n\nText');
  });

  it('answers 413 for a body over 16 KiB', async () => {
    const response = await post({ ...valid, message: 'x'.repeat(17 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, error: 'payload_too_large' });
  });

  it.each([
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\na\r\n--x--'],
    ['text/plain', JSON.stringify(valid)],
  ])('answers 415 for %s', async (contentType, body) => {
    const response = await server.app.inject({
      method: 'POST',
      url: apiPaths.contact,
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, error: 'unsupported_media_type' });
  });

  it.each(['gzip', 'br', 'deflate', 'GZIP, identity'])(
    'answers 415 for a body with Content-Encoding: %s, naming identity as the one accepted',
    async (encoding) => {
      const body = encoding.startsWith('br')
        ? brotliCompressSync(JSON.stringify(valid))
        : gzipSync(JSON.stringify(valid));
      const response = await server.app.inject({
        method: 'POST',
        url: apiPaths.contact,
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload: body,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ success: false, error: 'unsupported_media_type' });
      expect(response.headers['accept-encoding']).toBe('identity');
      expect((await post(valid, { 'content-encoding': 'identity' })).statusCode).toBe(200);
      expect(await stored()).toHaveLength(1);
    },
  );

  it('answers 400 for malformed JSON and prototype keys', async () => {
    const broken = await post('{"name": "a",');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ success: false, error: 'invalid_json' });
    const proto = await post('{"name":"a","email":"a@b.de","message":"m","__proto__":{"admin":true}}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toMatchObject({ success: false });
  });

  it('answers a filled honeypot with 200, sends nothing and keeps only the time and a keyed hash of the address', async () => {
    const response = await post({ ...valid, email: 'Amara@ＣＯＣＯＡ-coop.example', website: 'https://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await stored()).toEqual([]);
    const hits = await server.database.handle.db.selectFrom('honeypot_hits').selectAll().execute();
    expect(hits).toEqual([
      {
        id: expect.any(String),
        received_at: expect.any(Number),
        email_hash: server.app.addressHash.email(valid.email),
      },
    ]);
    expect(Math.abs(Date.now() - (hits[0]?.received_at ?? 0))).toBeLessThan(60_000);
    expect(hits[0]?.email_hash).not.toContain('amara');
    expect(await outbox()).toHaveLength(0);
    await server.app.outbox.runOnce();
    expect(server.smtp.received).toHaveLength(0);
  });

  it('refuses cross-site browser posts', async () => {
    expect((await post(valid, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const foreign = await post(valid, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ success: false, error: 'forbidden' });
    expect(
      (await post(valid, { origin: 'https://www.westbridge.example', 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
  });

  it('answers 503 when storage is down, and stores nothing it acknowledged', async () => {
    await server.database.handle.close();
    const response = await post(valid);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ success: false, error: 'unavailable' });
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After after FORM_RATE_LIMIT submissions, counting refused ones', async () => {
    await server.close();
    server = await startTestServer({ formRateLimit: 3 });
    expect((await post({ ...valid, name: '' })).statusCode).toBe(400);
    expect((await post(valid)).statusCode).toBe(200);
    expect((await post(valid)).statusCode).toBe(200);
    const limited = await post(valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(2);
  });

  it('counts each client address separately', async () => {
    await server.close();
    server = await startTestServer({ formRateLimit: 1 });
    const from = (remoteAddress: string) =>
      server.app.inject({
        method: 'POST',
        url: apiPaths.contact,
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(valid),
      });
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(429);
    expect((await from('203.0.113.2')).statusCode).toBe(200);
  });
});

describe('delivery', () => {
  it('keeps the mail while SMTP is down and delivers it once the server is back', async () => {
    await server.smtp.stop();
    expect((await post(valid)).statusCode).toBe(200);

    await server.app.outbox.runOnce();
    let [row] = await outbox();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.last_error).toBeTruthy();
    expect(row?.last_error).not.toContain('amara@');

    await server.smtp.start();
    await server.app.outbox.runOnce();
    expect(server.smtp.received).toHaveLength(0);

    server.advance(3_000);
    await server.app.outbox.runOnce();
    await server.smtp.waitFor(1);
    [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    const attempts = await server.database.handle.db
      .selectFrom('outbox_attempts')
      .select(['outcome'])
      .orderBy('attempted_at')
      .execute();
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['failed', 'sent']);
  });

  it('gives a mail up only after 24 hours of failures', async () => {
    await server.smtp.stop();
    expect((await post(valid)).statusCode).toBe(200);
    await server.app.outbox.runOnce();
    server.advance(23 * 3600_000);
    await server.app.outbox.runOnce();
    expect((await outbox())[0]?.status).toBe('pending');
    server.advance(3600_000);
    await server.app.outbox.runOnce();
    expect((await outbox())[0]?.status).toBe('dead');
  });
});
