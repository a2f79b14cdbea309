import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { runOperatorCommand } from '../operator-commands';
import { stopWaitMs } from '../queue/polling-worker';
import { SmtpSink } from '../test/smtp-sink';
import { startTestServer, type TestServer } from '../test/test-server';
import { createMailer, NoAnswerToTheEnd, smtpTimeouts, type OutgoingMail } from './send-email';

/**
 * A mail whose end went to the mail server and got no answer may have been
 * delivered (docs/decisions/0048-maybe-delivered.md): the outbox sends it no
 * more, lists it and counts it; the operator's resend sends it once. Here the
 * wait for an answer is 400 ms instead of RFC 5321's 10 minutes.
 */
const shortWait = { ...smtpTimeouts, socketMs: 400 };

let server: TestServer | undefined;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await server?.close();
  await sink?.stop();
  server = undefined;
  sink = undefined;
});

async function start(timeouts = shortWait) {
  server = await startTestServer({ formRateLimit: 1000 }, { smtpTimeouts: timeouts });
  return server;
}

const visitor = { name: 'Amara Mensah', email: 'amara@cocoa-coop.example', message: 'Bitte um ein Angebot.' };

async function outbox(app: TestServer) {
  return app.database.handle.db
    .selectFrom('outbox')
    .select(['id', 'status', 'attempts', 'last_error', 'past_return_at', 'message_id'])
    .where('kind', '=', 'contact-notification')
    .execute();
}

async function run(app: TestServer, command: string, args: string[] = []) {
  let out = '';
  let err = '';
  const database = app.database.config;
  const code = await runOperatorCommand(command, args, {
    env: {
      SITE_URL: 'https://www.westbridge.example',
      CONTACT_TO: 'inbox@westbridge.example',
      SMTP_URL: app.smtp.url,
      ...(database.kind === 'postgres'
        ? { DATABASE_URL: database.url }
        : { DATA_DIR: database.file.replace(/\/[^/]*$/, '') }),
    },
    out: (text) => void (out += text),
    err: (text) => void (err += text),
  });
  return { code, out, err };
}

const sample = async (app: TestServer, name: string) =>
  Number(
    new RegExp(`^${name}\\{queue="mail",kind="contact-notification"\\} (\\d+)$`, 'm').exec(
      (await app.app.inject({ method: 'GET', url: '/metrics' })).body,
    )?.[1],
  );

describe('a mail whose end gets no answer', () => {
  it('reaches a relay that answers too late once: maybe delivered, listed, counted, resent once by the operator', async () => {
    const app = await start();
    app.smtp.answerDelayMs = 1_200;
    app.smtp.keepAbandoned = true;
    expect((await app.postJson('/send-contact.php', visitor)).statusCode).toBe(200);
    expect(await app.app.outbox.runOnce()).toBe(1);
    const [row] = await outbox(app);
    expect(row).toMatchObject({ status: 'maybe-sent', attempts: 1 });
    expect(row?.past_return_at).toBeGreaterThan(0);
    expect(row?.last_error).toBe('no answer to the end of the mail (ETIMEDOUT: Timeout)');

    // Retry delays and the 24 hours pass: the outbox does not send it again.
    for (const hours of [1, 24, 48]) {
      app.advance(hours * 60 * 60_000);
      expect(await app.app.outbox.runOnce()).toBe(0);
    }
    await app.smtp.waitFor(1);
    await sleep(300);
    expect(app.smtp.received).toHaveLength(1);
    expect(await sample(app, 'westbridge_queue_maybe_delivered')).toBe(1);
    expect(await sample(app, 'westbridge_queue_given_up')).toBe(0);
    expect(await sample(app, 'westbridge_queue_pending')).toBe(0);

    const listed = await run(app, 'mail:given-up');
    expect(listed.out.split('\n')[1]?.split('\t').slice(2, 4)).toEqual(['contact-notification', 'maybe-delivered']);
    expect(listed.err).toContain('1 maybe delivered');
    expect(listed.err).not.toContain('given up.');
    expect((await run(app, 'mail:given-up', ['--show', row?.id ?? ''])).out).toMatch(
      /^Maybe delivered: \S+Z after 1 attempts: no answer to the end of the mail \(ETIMEDOUT/m,
    );
    expect(await run(app, 'mail:resend', ['--all'])).toMatchObject({
      code: 0,
      err: expect.stringContaining('Nothing given up: nothing to send.\n'),
    });

    app.smtp.answerDelayMs = 0;
    expect(await run(app, 'mail:resend', [row?.id ?? ''])).toMatchObject({ code: 0, out: `sent\t${row?.id}\n` });
    expect(app.smtp.received.map((mail) => mail.parsed.messageId)).toEqual([row?.message_id, row?.message_id]);
    app.advance(2_000);
    expect(await sample(app, 'westbridge_queue_maybe_delivered')).toBe(0);
  });

  it('is an answer when it comes: a 451 to the end is retried, and the mail sent once', async () => {
    const app = await start();
    let refusals = 1;
    app.smtp.refuseMessage = () => (refusals-- > 0 ? { code: 451, message: 'content filter busy, try again' } : null);
    expect((await app.postJson('/send-contact.php', visitor)).statusCode).toBe(200);
    await app.app.outbox.runOnce();
    expect((await outbox(app))[0]).toMatchObject({ status: 'pending', past_return_at: null });
    app.advance(60_000);
    await app.app.outbox.runOnce();
    expect((await outbox(app))[0]).toMatchObject({ status: 'sent' });
    expect(app.smtp.received).toHaveLength(1);
  });

  it('of an instance gone while it waited is not sent again: maybe delivered once its claim lapses', async () => {
    const app = await start();
    expect((await app.postJson('/send-contact.php', visitor)).statusCode).toBe(200);
    const { db } = app.database.handle;
    // As an instance killed after the end of the mail left it: in hand, its end sent, its claim running out.
    const now = Date.now();
    await db
      .updateTable('outbox')
      .set({ status: 'sending', claim_token: 'gone', locked_until: now + 60_000, past_return_at: now, attempts: 1 })
      .execute();
    expect(await app.app.outbox.runOnce()).toBe(0);
    expect((await outbox(app))[0]).toMatchObject({ status: 'sending' });
    app.advance(61_000);
    expect(await app.app.outbox.runOnce()).toBe(0);
    expect((await outbox(app))[0]).toMatchObject({
      status: 'maybe-sent',
      last_error: 'its worker stopped while it waited for the answer to the end of the mail',
    });
    app.advance(24 * 60 * 60_000);
    expect(await app.app.outbox.runOnce()).toBe(0);
    expect(app.smtp.received).toHaveLength(0);
    expect((await run(app, 'mail:given-up')).err).toContain('1 maybe delivered');
  });
});

describe('a stop while the answer to the end of a mail is outstanding', () => {
  it('waits a few seconds for it, then cuts the connection and records the mail as maybe delivered', async () => {
    const app = await start(smtpTimeouts);
    app.smtp.answerDelayMs = 20_000;
    expect((await app.postJson('/send-contact.php', visitor)).statusCode).toBe(200);
    // The outbox's own loop, as in a running instance.
    app.app.outbox.start();
    while (app.smtp.inProgress === 0) await sleep(20);
    // As the server's own stop does (server/serve.ts): app.close() runs the workers' stops.
    const started = Date.now();
    await app.app.close();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(stopWaitMs - 100);
    expect(took).toBeLessThan(stopWaitMs + 2_000);
    expect((await outbox(app))[0]).toMatchObject({
      status: 'maybe-sent',
      last_error: expect.stringMatching(/^no answer to the end of the mail \(/),
    });
  });
});

describe('the mailer', () => {
  const mail: OutgoingMail = {
    messageId: '<held@westbridge.example>',
    from: 'Westbridge <website@westbridge.example>',
    to: 'inbox@westbridge.example',
    subject: 'Held',
    text: 'x',
    html: '<p>x</p>',
  };

  it('never sends the end of a mail whose point of no return could not be recorded', async () => {
    sink = new SmtpSink();
    await sink.start();
    const mailer = createMailer({ smtpUrl: sink.url, mailDir: '/nonexistent', timeouts: shortWait });
    try {
      const failing = mailer.sendEmail(mail, { beforeEnd: () => Promise.reject(new Error('database away')) });
      await expect(failing).rejects.toThrow('database away');
      await expect(failing).rejects.not.toBeInstanceOf(NoAnswerToTheEnd);
      await sleep(300);
      expect(sink.received).toHaveLength(0);
      // The connection is not left in the middle of a mail: the next one goes through whole.
      await mailer.sendEmail(mail);
      expect(sink.received.map((received) => received.parsed.subject)).toEqual(['Held']);
    } finally {
      mailer.close();
    }
  });

  it('retries a mail its kept connection could not take because the relay went down: never maybe delivered', async () => {
    sink = new SmtpSink();
    await sink.start();
    const mailer = createMailer({ smtpUrl: sink.url, mailDir: '/nonexistent', timeouts: shortWait });
    try {
      await mailer.sendEmail(mail);
      const stopping = sink.stop();
      const refused = mailer.sendEmail({ ...mail, subject: 'After' }, { beforeEnd: () => Promise.resolve() });
      await expect(refused).rejects.toThrow();
      await expect(refused).rejects.not.toBeInstanceOf(NoAnswerToTheEnd);
      await stopping;
      expect(sink.received.map((received) => received.parsed.subject)).toEqual(['Held']);
    } finally {
      mailer.close();
    }
  });

  it('waits for each answer at least as long as RFC 5321 §4.5.3.2 asks', () => {
    const minutes = (ms: number) => ms / 60_000;
    expect(minutes(smtpTimeouts.greetingMs)).toBeGreaterThanOrEqual(5);
    expect(minutes(smtpTimeouts.connectionMs)).toBeGreaterThan(minutes(smtpTimeouts.greetingMs));
    // One timeout covers MAIL (5), RCPT (5), DATA (2), a data block (3) and the end of the data (10).
    expect(minutes(smtpTimeouts.socketMs)).toBeGreaterThanOrEqual(Math.max(5, 5, 2, 3, 10));
  });
});
