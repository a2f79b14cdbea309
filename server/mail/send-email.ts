import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';

/** A mail as the site sends it; rendered once, stored in the outbox, sent later. */
export interface OutgoingMail {
  /** Stable across retries (`<id@host>`), so a receiver can drop a duplicate. */
  messageId: string;
  from: string;
  to: string;
  /** An address alone, never with a display name. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** What the outbox tells the mailer about one attempt. */
export interface SendOptions {
  /**
   * Called once the mail server has the whole mail but its end (the final dot): the end is sent
   * once this resolves; a rejection abandons the mail, which the server then never has whole.
   */
  beforeEnd?: () => Promise<void>;
}

export interface Mailer {
  /**
   * Delivers one mail; throws when the mail server refuses it or cannot be reached, and
   * NoAnswerToTheEnd when the end of the mail was sent and no answer came.
   */
  sendEmail(mail: OutgoingMail, options?: SendOptions): Promise<void>;
  close(): void;
  /** Closes the connection at once, a mail in the middle of its delivery included: that one fails. */
  abort(): void;
}

/**
 * The end of the mail (the final dot) went to the server and no answer came: the connection
 * was lost or the answer took longer than the timeout. The server may have taken the mail.
 */
export class NoAnswerToTheEnd extends Error {
  override name = 'NoAnswerToTheEnd';
  constructor(override readonly cause: unknown) {
    super(`no answer to the end of the mail: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * How long the site waits for the mail server, after RFC 5321 §4.5.3.2, which says how long a
 * client should give each answer at least. nodemailer (10.6) has a timeout for connecting (its
 * DNS lookup, TCP and the greeting together), one for the greeting, and one for a silent
 * connection that covers every later answer alike; it has none per command. So the last is the
 * longest the RFC asks for, the answer to the end of the mail (10 minutes, §4.5.3.2.6), and MAIL,
 * RCPT (5 minutes), DATA (2) and each block of data (3) get at least theirs.
 */
export interface SmtpTimeouts {
  /** The greeting: 5 minutes (§4.5.3.2.1). */
  greetingMs: number;
  /** Connecting and the greeting together: the greeting's 5 minutes and one more. */
  connectionMs: number;
  /** Silence on a connection in use: the answer to the end of the mail's 10 minutes (§4.5.3.2.6). */
  socketMs: number;
}

export const smtpTimeouts: SmtpTimeouts = {
  greetingMs: 5 * 60_000,
  connectionMs: 6 * 60_000,
  socketMs: 10 * 60_000,
};

/** The mail as it is sent: all of it at once, its end only when `beforeEnd` allows. */
class HeldEnd extends Readable {
  /** True once the end was handed on: from then on the server may have the mail whole. */
  ended = false;
  private started = false;

  constructor(
    private readonly message: Buffer,
    private readonly beforeEnd: () => Promise<void>,
  ) {
    super();
  }

  override _read(): void {
    if (this.started) return;
    this.started = true;
    this.push(this.message);
    this.beforeEnd().then(
      () => {
        this.ended = true;
        this.push(null);
      },
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

/** Whether the server answered (a 4xx or 5xx): then it said what became of the mail. */
const answered = (error: unknown) => typeof (error as { responseCode?: unknown }).responseCode === 'number';

/**
 * Whether the attempt ended while a connection was being set up: its TCP connect, DNS lookup,
 * greeting or TLS upgrade failed (nodemailer 10.6 marks them with `syscall: 'connect'`, `EDNS`
 * or a setup `timeoutType`). nodemailer hands the mail to a fresh connection only when not a
 * byte of it was read by the kept one (node_modules/nodemailer/dist/esm/smtp-pool/pool-resource.js),
 * and it reads the mail, end included, into a buffer before it has a connection: so HeldEnd's
 * `ended` is no proof the server saw the end, and such an error proves it did not.
 */
const setupTimeouts = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);
const failedInSetup = (error: unknown) => {
  const { syscall, code, timeoutType } = error as { syscall?: unknown; code?: unknown; timeoutType?: unknown };
  return (
    syscall === 'connect' || code === 'EDNS' || (typeof timeoutType === 'string' && setupTimeouts.has(timeoutType))
  );
};

/**
 * The one way the site sends mail. With an SMTP URL it talks SMTP, waiting for
 * each answer as RFC 5321 asks (smtpTimeouts); without one it writes each mail
 * as an .eml file under `mailDir`, so a fresh install works and nothing is lost.
 */
export function createMailer({
  smtpUrl,
  mailDir,
  timeouts = smtpTimeouts,
}: {
  smtpUrl: string | null;
  mailDir: string;
  timeouts?: SmtpTimeouts;
}): Mailer {
  if (!smtpUrl) {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return {
      async sendEmail(mail) {
        const info = await transport.sendMail(mail);
        await mkdir(mailDir, { recursive: true });
        await writeFile(path.join(mailDir, `${Date.now()}-${randomUUID()}.eml`), info.message as Buffer);
      },
      close: () => transport.close(),
      abort: () => transport.close(),
    };
  }
  // One kept connection: a new one per mail costs the server's greeting pause (100 ms in smtp-server,
  // seconds in Postfix's postscreen), which would bound a backlog's delivery after an outage.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    idleTimeout: 30_000,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    async sendEmail(mail, { beforeEnd = () => Promise.resolve() } = {}) {
      // Composed here as nodemailer composes it, so that the end can be held until the outbox has
      // recorded that the server may have the mail from then on.
      const composed = new MailComposer(mail).compile();
      const source = new HeldEnd(await composed.build(), beforeEnd);
      try {
        await transport.sendMail({ envelope: composed.getEnvelope(), raw: source });
      } catch (error) {
        if (source.ended && !answered(error) && !failedInSetup(error)) throw new NoAnswerToTheEnd(error);
        throw error;
      }
    },
    close: () => transport.close(),
    abort: () => transport.close({ force: true }),
  };
}
