import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

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

export interface Mailer {
  /** Delivers one mail; throws when the mail server refuses it or cannot be reached. */
  sendEmail(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The one way the site sends mail. With an SMTP URL it talks SMTP (short
 * timeouts: the outbox retries); without one it writes each mail as an .eml
 * file under `mailDir`, so a fresh install works and nothing is lost.
 */
export function createMailer({ smtpUrl, mailDir }: { smtpUrl: string | null; mailDir: string }): Mailer {
  if (!smtpUrl) {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return {
      async sendEmail(mail) {
        const info = await transport.sendMail(mail);
        await mkdir(mailDir, { recursive: true });
        await writeFile(path.join(mailDir, `${Date.now()}-${randomUUID()}.eml`), info.message as Buffer);
      },
      close: () => transport.close(),
    };
  }
  // One kept connection: a new one per mail costs the server's greeting pause (100 ms in smtp-server,
  // seconds in Postfix's postscreen), which would bound a backlog's delivery after an outage.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    idleTimeout: 30_000,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 8_000,
  });
  return {
    async sendEmail(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}
