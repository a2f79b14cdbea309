import { afterEach, describe, expect, it } from 'vitest';
import { describeError, withoutAddressParts } from '../describe-error';
import { startTestServer, type TestServer } from '../test/test-server';

describe('describeError', () => {
  it('keeps the code and first line, without addresses', () => {
    const error = Object.assign(new Error('Mailbox unavailable <jane@example.com>\nmore'), { code: 'EENVELOPE' });
    expect(describeError(error)).toBe('EENVELOPE: Mailbox unavailable <address>');
  });
});

describe('withoutAddressParts', () => {
  it('cuts the local part and the domain wherever a server writes them apart, in any case and spelling', () => {
    expect(
      withoutAddressParts('550 mailbox Local-Victim does not exist (domain EXAMPLE.org); try local-victim2', [
        'local-victim@example.org',
      ]),
    ).toBe('550 mailbox <local part> does not exist (domain <domain>); try local-victim2');
    expect(withoutAddressParts('unknown user kofi at xn--mller-kva.example', ['kofi@müller.example'])).toBe(
      'unknown user <local part> at <domain>',
    );
    expect(withoutAddressParts('451 try later', [undefined, 'not an address'])).toBe('451 try later');
  });
});

let server: TestServer;
const lines: string[] = [];

afterEach(async () => {
  await server?.close();
});

async function start() {
  lines.length = 0;
  server = await startTestServer(
    { formRateLimit: 1000 },
    { logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } },
  );
}

const post = (url: string, payload: object) => server.postJson(url, payload);
const mails = () =>
  server.database.handle.db
    .selectFrom('outbox')
    .select(['kind', 'status', 'attempts', 'last_error', 'given_up_at'])
    .where('kind', '=', 'newsletter-confirmation')
    .execute();
const attemptErrors = async () =>
  (await server.database.handle.db.selectFrom('outbox_attempts').select('error').execute()).map((row) => row.error);

const victim = 'local-victim@example.org';
/** A mail server that names the recipient's local part and domain apart, as some do. */
const refuseVictim = (code: number) => (recipient: string) =>
  recipient === victim ? { code, message: 'mailbox local-victim does not exist (domain example.org)' } : null;

describe('a mail the mail server refuses', () => {
  it('is given up after one attempt when the refusal is permanent (5xx), with its reason and no personal data', async () => {
    await start();
    server.smtp.refuse = refuseVictim(550);
    expect((await post('/subscribe-newsletter.php', { email: victim, language: 'en' })).statusCode).toBe(200);
    await server.app.outbox.runOnce();

    const [mail] = await mails();
    expect(mail).toMatchObject({ status: 'dead', attempts: 1, given_up_at: expect.any(Number) });
    expect(mail?.last_error).toMatch(/550 mailbox <local part> does not exist \(domain <domain>\)$/);
    server.advance(10 * 60_000);
    await server.app.outbox.runOnce();
    expect(await mails()).toMatchObject([{ status: 'dead', attempts: 1 }]);
    expect(server.smtp.received).toEqual([]);
    expect(lines.join('')).toContain('"outcome":"given-up"');
  });

  it('is retried with backoff when the refusal is temporary (4xx), and delivered once accepted', async () => {
    await start();
    server.smtp.refuse = refuseVictim(451);
    expect((await post('/subscribe-newsletter.php', { email: victim, language: 'en' })).statusCode).toBe(200);
    await server.app.outbox.runOnce();
    expect(await mails()).toMatchObject([{ status: 'pending', attempts: 1, given_up_at: null }]);
    server.smtp.refuse = () => null;
    server.advance(3_000);
    await server.app.outbox.runOnce();
    expect(await mails()).toMatchObject([{ status: 'sent', attempts: 2 }]);
    expect(server.smtp.received.map((received) => received.envelope.to)).toEqual([[victim]]);
  });

  it('never lets the local part or the domain of an SMTP answer reach the log or the database', async () => {
    await start();
    server.smtp.refuse = refuseVictim(451);
    expect((await post('/subscribe-newsletter.php', { email: victim, language: 'en' })).statusCode).toBe(200);
    await server.app.outbox.runOnce();
    server.smtp.refuse = refuseVictim(554);
    server.advance(3_000);
    await server.app.outbox.runOnce();
    expect(await mails()).toMatchObject([{ status: 'dead', attempts: 2 }]);

    const kept = [lines.join(''), JSON.stringify(await mails()), JSON.stringify(await attemptErrors())];
    expect(kept[0]).toContain('mailbox <local part> does not exist (domain <domain>)');
    for (const text of kept) {
      expect(text.toLowerCase()).not.toContain('local-victim');
      expect(text.toLowerCase()).not.toContain('example.org');
    }
  });
});
