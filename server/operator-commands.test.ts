import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from './config';
import { freePort } from './test/free-port';
import { ProviderMock } from './test/provider-mock';
import { startTestServer, type TestServer } from './test/test-server';
import { runOperatorCommand } from './operator-commands';

let server: TestServer;
let mock: ProviderMock | undefined;

afterEach(async () => {
  await server?.close();
  await mock?.stop();
  mock = undefined;
});

/** The settings the server runs with, as a command run beside it gets them. */
function env(extra: Record<string, string> = {}): Record<string, string> {
  const database = server.database.config;
  return {
    SITE_URL: 'https://www.westbridge.example',
    CONTACT_TO: 'inbox@westbridge.example',
    SMTP_URL: server.smtp.url,
    ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : { DATA_DIR: path.dirname(database.file) }),
    ...extra,
  };
}

async function run(command: string, args: string[] = [], settings = env()) {
  let out = '';
  let err = '';
  const code = await runOperatorCommand(command, args, {
    env: settings,
    out: (text) => void (out += text),
    err: (text) => void (err += text),
  });
  return { code, out, err };
}

const visitor = {
  name: 'Amara Mensah',
  email: 'amara@cocoa-coop.example',
  subject: 'Kakaobohnen, 40 t',
  message: 'Vertrauliche Anfrage: 40 t Kakaobohnen ab März.',
};
const postContact = async () => expect((await server.postJson('/send-contact.php', visitor)).statusCode).toBe(200);
const mailIds = async () =>
  (await server.database.handle.db.selectFrom('outbox').select('id').orderBy('created_at').execute()).map(
    (row) => row.id,
  );

async function start(overrides: Partial<ServerConfig> = {}) {
  server = await startTestServer({ formRateLimit: 1000, ...overrides });
}

/** Contact mails the company's mail server refuses for good. */
async function givenUpContactMails(count: number): Promise<string[]> {
  server.smtp.refuse = () => ({ code: 550, message: 'relay policy: sender domain not accepted' });
  for (let n = 0; n < count; n++) await postContact();
  await server.app.outbox.runOnce();
  server.smtp.refuse = () => null;
  return mailIds();
}

describe('npm run mail:given-up and mail:resend', () => {
  it('lists the mails given up by domain, shows one whole when asked, and resends it once with its Message-ID', async () => {
    await start();
    const [id = ''] = await givenUpContactMails(1);

    const listed = await run('mail:given-up');
    expect(listed.code).toBe(0);
    const [header, line] = listed.out.trim().split('\n');
    expect(header).toBe('given_up_at\tcreated_at\tkind\tstate\tto\treply_to\tattempts\tlast_error\tid');
    expect(line?.split('\t').slice(2)).toEqual([
      'contact-notification',
      'given-up',
      '…@westbridge.example',
      '…@cocoa-coop.example',
      '1',
      "EENVELOPE: Can't send mail - all recipients were rejected: 550 relay policy: sender domain not accepted",
      id,
    ]);
    expect(listed.out).not.toContain('amara@');
    expect(listed.out).not.toContain('Kakaobohnen');
    expect(listed.err).toContain('1 given up');
    expect((await run('mail:given-up', ['--addresses'])).out).toContain(
      '\tinbox@westbridge.example\tamara@cocoa-coop.example\t',
    );
    const shown = await run('mail:given-up', ['--show', id]);
    expect(shown.out).toContain('Reply-To: amara@cocoa-coop.example');
    expect(shown.out).toContain(visitor.message);
    const messageId = /^Message-ID: (.+)$/m.exec(shown.out)?.[1];

    const resent = await run('mail:resend', [id]);
    expect(resent).toMatchObject({ code: 0, out: `sent\t${id}\n` });
    expect(server.smtp.received.map((mail) => mail.parsed.messageId)).toEqual([messageId]);

    const again = await run('mail:resend', [id]);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(new RegExp(`^refused\\t${id}\\talready delivered at \\S+Z; nothing sent again\\n$`));
    expect((await run('mail:resend', ['--all'])).err).toContain('Nothing given up');
    expect(server.smtp.received).toHaveLength(1);
    expect((await run('mail:given-up')).err).toContain('No given-up mails.');
  });

  it('refuses an unknown id and a mail still being retried, and sends each mail once when run twice at once', async () => {
    await start();
    const ids = await givenUpContactMails(3);
    expect(await run('mail:resend', ['00000000-0000-4000-8000-000000000000', 'not-an-id'])).toMatchObject({
      code: 1,
      out: 'refused\t00000000-0000-4000-8000-000000000000\tno such job\nrefused\tnot-an-id\tno such job\n',
    });

    const both = await Promise.all([run('mail:resend', ['--all']), run('mail:resend', ['--all'])]);
    const sent = both.flatMap((result) => result.out.split('\n').filter((line) => line.startsWith('sent\t')));
    expect(sent.map((line) => line.split('\t')[1]).sort()).toEqual([...ids].sort());
    expect(new Set(server.smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(3);
    expect(server.smtp.received).toHaveLength(3);

    server.smtp.refuse = () => ({ code: 451, message: 'greylisted, try again later' });
    await postContact();
    await server.app.outbox.runOnce();
    const pending = (await mailIds()).find((id) => !ids.includes(id)) ?? '';
    const refused = await run('mail:resend', [pending]);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/\tit is not given up: the instances try it again at \S+Z\n$/);
  });

  it('keeps a mail given up, with the new reason, when the resend fails too', async () => {
    await start();
    const [id = ''] = await givenUpContactMails(1);
    server.smtp.refuse = () => ({ code: 554, message: 'still refused' });
    const result = await run('mail:resend', [id]);
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      `failed\t${id}\tEENVELOPE: Can't send mail - all recipients were rejected: 554 still refused (still given up)\n`,
    );
    expect((await run('mail:given-up')).out).toContain('\t2\tEENVELOPE');
  });

  it('shows a given-up confirmation mail with its links’ tokens hidden, and resends it with them', async () => {
    await start();
    server.smtp.refuse = () => ({ code: 550, message: 'mailbox unavailable' });
    expect((await server.postJson('/subscribe-newsletter.php', { email: 'kofi@kunde.example' })).statusCode).toBe(200);
    while ((await server.app.outbox.runOnce()) > 0);
    server.smtp.refuse = () => null;
    const row = await server.database.handle.db
      .selectFrom('outbox')
      .select(['id', 'payload'])
      .where('kind', '=', 'newsletter-confirmation')
      .executeTakeFirstOrThrow();
    const tokens = [...(JSON.parse(row.payload) as { text: string }).text.matchAll(/\?token=([\w-]+)/g)].map(
      ([, token]) => token ?? '',
    );
    expect(tokens).toHaveLength(2);

    const shown = await run('mail:given-up', ['--show', row.id]);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/\/newsletter\/confirm\?token=\[hidden\]/);
    expect(shown.out).toMatch(/\/newsletter\/unsubscribe\?token=\[hidden\]/);
    for (const token of tokens) expect(shown.out).not.toContain(token);

    expect(await run('mail:resend', [row.id])).toMatchObject({ code: 0 });
    for (const token of tokens) expect(server.smtp.received[0]?.parsed.text).toContain(`?token=${token}`);
  });

  it('makes one attempt for an id named twice', async () => {
    await start();
    const [id = ''] = await givenUpContactMails(1);
    const attempts = () =>
      server.database.handle.db
        .selectFrom('outbox_attempts')
        .select('id')
        .where('outbox_id', '=', id)
        .execute()
        .then((rows) => rows.length);
    expect(await attempts()).toBe(1);
    server.smtp.refuse = () => ({ code: 554, message: 'still refused' });
    const result = await run('mail:resend', [id, id]);
    expect(result.code).toBe(1);
    expect(result.out.trim().split('\n')).toHaveLength(1);
    expect(result.err).toContain('0 of 1 sent');
    expect(await attempts()).toBe(2);

    server.smtp.refuse = () => null;
    expect(await run('mail:resend', [id, id])).toMatchObject({ code: 0, out: `sent\t${id}\n` });
    expect(server.smtp.received).toHaveLength(1);
  });

  it('says what is wrong, with an exit code other than 0, for wrong use and a database it cannot reach', async () => {
    await start();
    expect(await run('mail:resend')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Usage: westbridge mail:resend -- <id> [<id>…] | --all (in a checkout: npm run'),
    });
    expect(await run('mail:resend', ['--all', 'x'])).toMatchObject({ code: 2 });
    expect(await run('mail:delete')).toMatchObject({ code: 2, err: expect.stringContaining('Unknown command') });
    const down = `postgres://website:Secret-Passw0rd@127.0.0.1:${await freePort()}/website`;
    const unreachable = await run('mail:given-up', [], env({ DATABASE_URL: down }));
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toMatch(
      /^Database: PostgreSQL postgres:\/\/website@127\.0\.0\.1:\d+\/website\nCannot reach the database: .*ECONNREFUSED/,
    );
    expect(unreachable.err).not.toContain('Secret-Passw0rd');
  });
});

describe('the database the commands read', () => {
  it('names the database it reads, and refuses one a newer release has migrated without touching it', async () => {
    await start();
    const database = server.database.config;
    const listed = await run('mail:given-up');
    expect(listed.code).toBe(0);
    expect(listed.err.split('\n')[0]).toMatch(
      database.kind === 'sqlite' ? `Database: SQLite ${database.file}` : /^Database: PostgreSQL postgres:\/\/[^:@]*@/,
    );

    const { db } = server.database.handle;
    await db
      .insertInto('kysely_migration' as never)
      .values({ name: '9999_from_a_newer_release', timestamp: new Date().toISOString() } as never)
      .execute();
    const newer = await run('mail:given-up');
    expect(newer.code).toBe(1);
    expect(newer.err).toContain(
      'was migrated by a newer release (9999_from_a_newer_release): run the command of that release.',
    );
    expect(newer.out).toBe('');
  });
});

describe('npm run newsletter:resend-syncs', () => {
  it('resends a given-up sync once the provider takes it, and refuses one a later change has overtaken', async () => {
    mock = new ProviderMock('brevo');
    await mock.start();
    const provider = { name: 'brevo' as const, key: mock.settings.key, list: mock.settings.list, url: mock.url };
    await start({ newsletterProvider: provider });
    const providerEnv = env({
      NEWSLETTER_PROVIDER: 'brevo',
      NEWSLETTER_PROVIDER_KEY: provider.key,
      NEWSLETTER_PROVIDER_LIST: provider.list,
      NEWSLETTER_PROVIDER_URL: provider.url,
      NEWSLETTER_TRACKING: 'anonymous',
    });
    const post = (url: string, payload: object) => server.postJson(url, payload);
    const signUp = async (email: string) => {
      expect((await post('/subscribe-newsletter.php', { email, language: 'de' })).statusCode).toBe(200);
      await server.app.outbox.runOnce();
      const text = server.smtp.received.at(-1)?.parsed.text ?? '';
      const token = (page: string) => new RegExp(`/newsletter/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(text)?.[1];
      expect((await post('/api/newsletter/confirm', { token: token('confirm') })).statusCode).toBe(200);
      return token('unsubscribe');
    };
    const refusal = { status: 400, body: { code: 'invalid_parameter', message: 'Invalid email address' } };
    mock.answerNext(refusal);
    await signUp('efua@kunde.example');
    mock.answerNext(refusal);
    const unsubscribeToken = await signUp('kojo@kunde.example');
    while ((await server.app.newsletterSync?.runOnce()) ?? 0);
    const dead = (await run('newsletter:dead-syncs', [], providerEnv)).out;
    const [efua, kojo] = ['efua', 'kojo'].map(
      (name) => /\t(\S+)$/m.exec(dead.split('\n').find((line) => line.includes(name)) ?? '')?.[1] ?? '',
    );
    expect(await run('newsletter:resend-syncs', ['--all'], env())).toMatchObject({
      code: 1,
      err: expect.stringContaining('NEWSLETTER_PROVIDER is not set'),
    });

    // Kojo unsubscribed since: his given-up subscription must not reach the provider after that.
    expect((await post('/api/newsletter/unsubscribe', { token: unsubscribeToken })).statusCode).toBe(200);
    const refused = await run('newsletter:resend-syncs', [kojo ?? ''], providerEnv);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('a later change of the same subscriber has been queued since');

    const resent = await run('newsletter:resend-syncs', [efua ?? ''], providerEnv);
    expect(resent).toMatchObject({ code: 0, out: `sent\t${efua}\n` });
    expect(mock.subscribed()).toEqual(['efua@kunde.example']);
    expect((await run('newsletter:resend-syncs', [efua ?? ''], providerEnv)).out).toContain('already delivered');
  });
});
