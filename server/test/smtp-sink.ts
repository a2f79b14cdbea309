import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  envelope: { from: string; to: string[] };
  parsed: Email;
}

/** An SMTP error answer, e.g. 550 and its text. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

/**
 * A real SMTP server for tests. It keeps every message it receives (and, with
 * `dir`, writes each one there as an .eml file for other processes to read),
 * and can go down and come back on the same port to test outages. It can
 * refuse recipients (`refuse`) and whole messages (`refuseMessage`, answering
 * the end of the data), and take its time to accept a message
 * (`answerDelayMs`): a message whose sender hangs up before the answer is not
 * kept, as a server that does not deliver what it never accepted; with
 * `keepAbandoned` it is, as a relay that takes a message on before it answers
 * (a content filter, greylisting done after DATA) delivers it all the same.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;
  /** The answer to each recipient: null accepts it. */
  refuse: (recipient: string) => SmtpRefusal | null = () => null;
  /** The answer to each whole message, given after answerDelayMs: null accepts it. */
  refuseMessage: () => SmtpRefusal | null = () => null;
  /** How long the server takes to accept a message once it has it all. */
  answerDelayMs = 0;
  /** Keep a message whose sender hung up before the answer, as delivered. */
  keepAbandoned = false;
  /** Messages received in full and not yet answered. */
  inProgress = 0;
  /** Messages dropped because the sender hung up before the answer. */
  abandoned = 0;
  /** Going down: new transactions are answered 421. */
  private closing = false;
  /** Sessions with a transaction begun (MAIL FROM accepted) and not yet answered. */
  private readonly transactions = new Set<string>();

  constructor(private readonly options: { dir?: string } = {}) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(port = this.port): Promise<void> {
    const closed = new Set<string>();
    this.closing = false;
    this.transactions.clear();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Going down, it tells a connection it keeps 421 after a second, as an MTA that stops does; the
      // library's own 30 s would hold stop() as long as an instance keeps its idle connection.
      closeTimeout: 1_000,
      // A stopping MTA answers a new transaction 421 and finishes the ones it has begun.
      onMailFrom: (_address, session, callback) => {
        if (this.closing) {
          callback(Object.assign(new Error('Service shutting down, try again later'), { responseCode: 421 }));
          return;
        }
        this.transactions.add(session.id);
        callback();
      },
      onRcptTo: (address, _session, callback) => {
        const refusal = this.refuse(address.address);
        callback(refusal ? Object.assign(new Error(refusal.message), { responseCode: refusal.code }) : null);
      },
      onClose: (session) => {
        closed.add(session.id);
        this.transactions.delete(session.id);
      },
      onData: (stream, session, reply) => {
        const callback = (error?: Error | null) => {
          this.transactions.delete(session.id);
          reply(error);
        };
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => void accept());
        const accept = async () => {
          if (this.answerDelayMs > 0) {
            this.inProgress += 1;
            await new Promise((resolve) => setTimeout(resolve, this.answerDelayMs));
            this.inProgress -= 1;
            if (closed.has(session.id)) {
              this.abandoned += 1;
              if (!this.keepAbandoned) return;
            }
          }
          const refusal = this.refuseMessage();
          if (refusal) {
            callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
            return;
          }
          const raw = Buffer.concat(chunks);
          if (this.options.dir) {
            mkdirSync(this.options.dir, { recursive: true });
            writeFileSync(path.join(this.options.dir, `${Date.now()}-${randomUUID()}.eml`), raw);
          }
          PostalMime.parse(raw)
            .then((parsed) => {
              this.received.push({
                raw: raw.toString('utf8'),
                envelope: {
                  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  to: session.envelope.rcptTo.map((recipient) => recipient.address),
                },
                parsed,
              });
              callback();
            })
            .catch(callback);
        };
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  /**
   * Stops accepting connections: the mail server is "down". As an MTA that is
   * stopped, it answers new transactions 421, finishes those it has begun (up
   * to 10 s), then closes: a mail it answered is delivered, one it refused is
   * the sender's to send again, and none is cut between its end and the answer.
   */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    this.closing = true;
    const deadline = Date.now() + 10_000;
    while (this.transactions.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} mails, got ${this.received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.received;
  }
}
