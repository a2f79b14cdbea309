import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lookAlikeAddress, lookAlikes, mailboxFamilies } from '../../../common/email-address.fixtures';
import { formatSalaryAmounts, type Job } from '../../../common/jobs';
import { languageCodes, type Language } from '../../../common/languages';
import { localizedPath } from '../../../common/page-urls';
import { builtInJobsFileName } from '../../documents/page-manifest';
import { mailTexts } from '../../mail/mail-texts';
import { maxListedPositions } from '../../mail/templates/job-alert';
import { runOperatorCommand } from '../../operator-commands';
import { kindsOf } from '../../queue/kinds';
import { PersonioStandIn, type StandInPosition } from '../../test/personio-stand-in';
import type { ReceivedMail } from '../../test/smtp-sink';
import { startTestServer, type TestServer } from '../../test/test-server';
import { refusalsThatEnd } from './sending';

/**
 * Job alerts against the local Personio stand-in: sign-up, confirmation, the alerts a read of
 * the feed (or a release's built-in jobs) sends, unsubscribing, and every bad input the
 * alerts must survive. The outbox and the alerts' worker are driven by the test.
 */
const refreshMs = 60_000;
const standIn = new PersonioStandIn();
let feedUrl: string;
let server: TestServer;

const position = (id: string, department: string, titles: Partial<Record<Language, string>>): StandInPosition => ({
  id,
  department,
  texts: Object.fromEntries(
    Object.entries(titles).map(([lng, name]) => [
      lng,
      { name, sections: [{ name: 'Tasks', value: `<p>${name}</p>` }] },
    ]),
  ),
});
const buyer = position('301', 'Einkauf', { de: 'Einkäufer (m/w/d)', en: 'Buyer', fr: 'Acheteur (H/F/D)' });
const clerk = position('302', 'Lager', { de: 'Lagerist (m/w/d)', en: 'Warehouse clerk' });
const driver = position('303', 'Lager', { de: 'Fahrer (m/w/d)' });
const packer = position('304', 'Lager', { de: 'Packer (m/w/d)' });

beforeAll(async () => {
  feedUrl = await standIn.start();
});
afterAll(() => standIn.stop());
afterEach(async () => {
  await server?.close();
  standIn.mode = 'feed';
  standIn.positions = [];
});

async function start(overrides: Parameters<typeof startTestServer>[0] = {}) {
  server = await startTestServer(
    { jobsFeed: { url: feedUrl, refreshMs }, formRateLimit: 10_000, jobAlertsPerMinute: 6000, ...overrides },
    {
      renderJobsPage: async ({ lng }) => `<!doctype html><html lang="${lng}"><body></body></html>`,
      jobsFeedPollMs: 60_000,
    },
  );
  return server;
}

/** One read of the feed after the refresh interval; the instance then serves it. */
async function refresh() {
  server.advance(refreshMs);
  expect(await server.app.jobsFeedReader?.runOnce()).toBe(1);
  await server.app.jobsFeed?.load();
}

const db = () => server.database.handle.db;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url,
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 250)}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
const signUp = (payload: unknown) => post('/subscribe-job-alerts.php', payload);

/** Carries out everything queued: sign-ups, rounds, then every alert (their turns come as the clock moves on). */
async function drain() {
  for (let turn = 0; turn < 500; turn++) {
    server.advance(60_000);
    const done = (await server.app.outbox.runOnce()) + (await server.app.jobAlerts.runOnce());
    if (done > 0) continue;
    const waiting = await db()
      .selectFrom('outbox')
      .select('id')
      .where('status', 'in', ['pending', 'sending'])
      .where('kind', '!=', 'jobs-feed-refresh')
      .executeTakeFirst();
    if (!waiting) return;
  }
  throw new Error('the queue did not drain');
}

/** The settings the operator's commands read to find the test's database. */
function databaseEnv(): Record<string, string> {
  const database = server.database.config;
  return database.kind === 'postgres' ? { DATABASE_URL: database.url } : { DATA_DIR: path.dirname(database.file) };
}

const mails = () => server.smtp.received;
function linkIn(mail: ReceivedMail | undefined, action: 'confirm' | 'unsubscribe'): string {
  return mail?.parsed.text?.match(new RegExp(`https://\\S+/jobs/alerts/${action}\\?token=[\\w-]+`))?.[0] ?? '';
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const lastMailTo = (address: string) =>
  mails()
    .filter((mail) => mail.envelope.to.includes(address))
    .at(-1);

/** Signs an address up and confirms it; returns its unsubscribe token from the confirmation mail. */
async function subscribe(email: string, departments?: string[], language: Language = 'de') {
  expect((await signUp({ email, ...(departments ? { departments } : {}), language })).statusCode).toBe(200);
  await drain();
  const mail = lastMailTo(email);
  const confirmed = await post('/api/job-alerts/confirm', { token: tokenOf(linkIn(mail, 'confirm')) });
  expect(confirmed.json()).toEqual({ success: true, status: 'confirmed' });
  return tokenOf(linkIn(mail, 'unsubscribe'));
}

describe('signing up', () => {
  it('takes JSON and the form’s own post, mails a confirmation in the visitor’s language naming the departments, and confirms by POST', async () => {
    standIn.positions = [buyer];
    await start();
    await refresh();
    expect((await signUp({ email: 'Ama@Example.org', departments: ['procurement'], language: 'en' })).json()).toEqual({
      success: true,
    });
    const form = await server.app.inject({
      method: 'POST',
      url: '/subscribe-job-alerts.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate' },
      payload: 'email=kofi%40example.org&departments=engineering&departments=consulting&language=fr',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`${localizedPath('/form-result', 'fr')}?status=job-alerts-pending`);
    await drain();

    const english = lastMailTo('ama@example.org');
    expect(english?.parsed.subject).toBe(mailTexts('en').t(($) => $.jobAlertConfirmation.subject));
    expect(english?.parsed.text).toContain('the Procurement department');
    expect(linkIn(english, 'confirm')).toContain(`${localizedPath('/jobs/alerts/confirm', 'en')}?token=`);
    const french = lastMailTo('kofi@example.org');
    expect(french?.parsed.text).toContain('les services Conseil et Ingénierie');
    expect(french?.parsed.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe(
      'List-Unsubscribe=One-Click',
    );

    // A link scanner's GET confirms nothing; the page's own form post does.
    const link = new URL(linkIn(french, 'confirm'));
    await server.app.inject({ method: 'GET', url: link.pathname + link.search });
    const subscribers = () => db().selectFrom('job_alert_subscribers').selectAll().orderBy('email').execute();
    expect((await subscribers()).map((row) => row.status)).toEqual(['pending', 'pending']);
    const page = await server.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate' },
      payload: '',
    });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`${localizedPath('/form-result', 'fr')}?status=job-alerts-confirmed`);
    const [, kofi] = await subscribers();
    expect(kofi).toMatchObject({ status: 'confirmed', language: 'fr', departments: '["consulting","engineering"]' });
    const events = await db()
      .selectFrom('job_alert_consent_events')
      .select(['event', 'consent_text_version', 'source', 'details'])
      .where('subscriber_id', '=', kofi?.id ?? '')
      .orderBy('occurred_at')
      .execute();
    expect(events.map((event) => event.event)).toEqual(['signed_up', 'confirmation_sent', 'confirmed']);
    expect(events.at(-1)).toMatchObject({
      source: 'jobs-page',
      details: '{"departments":["consulting","engineering"]}',
    });
  });

  it('changes the departments of a confirmed address only once it confirms the change', async () => {
    standIn.positions = [buyer, packer];
    await start();
    await refresh();
    await subscribe('yaw@example.org', ['procurement']);
    // A day later: the address may be mailed again.
    await db().updateTable('job_alert_subscribers').set({ last_confirmation_mail_at: 0 }).execute();
    expect((await signUp({ email: 'yaw@example.org', departments: ['Lager'] })).statusCode).toBe(200);
    await drain();
    const row = () => db().selectFrom('job_alert_subscribers').selectAll().executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ status: 'confirmed', departments: '["procurement"]' });
    const mail = lastMailTo('yaw@example.org');
    expect(mail?.parsed.text).toContain('die Abteilung Lager');
    const token = tokenOf(linkIn(mail, 'confirm'));
    expect((await post('/api/job-alerts/confirm', { token })).json()).toEqual({ success: true, status: 'confirmed' });
    expect(await row()).toMatchObject({ status: 'confirmed', departments: '["lager"]' });
    expect((await post('/api/job-alerts/confirm', { token })).json()).toEqual({
      success: true,
      status: 'already_confirmed',
    });
  });
});

describe('the marketing tool', () => {
  it('never hears of the alerts, with a newsletter provider set', async () => {
    standIn.positions = [buyer];
    await start({
      newsletterProvider: { name: 'brevo', key: 'xkeysib-test-key', list: '7', url: 'http://127.0.0.1:9/v3' },
    });
    await refresh();
    const token = await subscribe('ama@example.org');
    expect((await post('/api/job-alerts/unsubscribe', { token })).statusCode).toBe(200);
    const syncs = await db()
      .selectFrom('outbox')
      .select('kind')
      .where('kind', 'in', kindsOf('newsletter_sync'))
      .execute();
    expect(syncs).toEqual([]);
  });
});

describe('bad input', () => {
  it('takes every look-alike spelling as one subscriber, and +tag and dot variants as one mailbox for the confirmation', async () => {
    await start();
    for (const spelling of lookAlikes) expect((await signUp({ email: spelling })).statusCode).toBe(200);
    for (const variant of mailboxFamilies['ama@gmail.com'] ?? [])
      expect((await signUp({ email: variant })).statusCode).toBe(200);
    await drain();
    const rows = await db().selectFrom('job_alert_subscribers').select('email').orderBy('email').execute();
    expect(rows.map((row) => row.email)).toEqual(['ama@gmail.com', lookAlikeAddress]);
    expect(mails()).toHaveLength(2);
  });

  it.each([
    [{ email: 'a@example.org', departments: ['Astronautics'] }, 'unknownDepartment'],
    [{ email: 'a@example.org', departments: Array.from({ length: 500 }, (_, i) => `d${i}`) }, 'tooManyDepartments'],
    [{ email: 'a@example.org', departments: 'procurement' }, 'invalidDepartments'],
    [{ email: 'a@example.org', departments: [42] }, 'invalidDepartments'],
    [{ email: 'a@example.org', departments: ['x'.repeat(81)] }, 'unknownDepartment'],
    [{ email: 'a@example.org', departments: ['Lager\nBcc: x'] }, 'unknownDepartment'],
    [{ email: '=?utf-8?q?a?=@example.org' }, 'invalidEmail'],
    [{ departments: ['procurement'] }, 'emailRequired'],
  ])('refuses %j with 400 and sends nothing', async (payload, code) => {
    await start();
    const answer = await signUp(payload);
    expect(answer.statusCode).toBe(400);
    expect(Object.values(answer.json<{ fields: Record<string, string> }>().fields)).toContain(code);
    await drain();
    expect(mails()).toHaveLength(0);
  });

  it('refuses a body over 16 KiB, a foreign site’s post and a duplicate field in the form encoding', async () => {
    await start();
    expect((await signUp({ email: 'a@example.org', x: 'y'.repeat(17_000) })).statusCode).toBe(413);
    expect(
      (await post('/subscribe-job-alerts.php', { email: 'a@example.org' }, { 'sec-fetch-site': 'cross-site' }))
        .statusCode,
    ).toBe(403);
    const twice = await server.app.inject({
      method: 'POST',
      url: '/subscribe-job-alerts.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.org&email=b%40example.org',
    });
    expect(twice.statusCode).toBe(400);
  });
});

describe('alerts from the feed', () => {
  it('sends one alert per matching subscriber within one refresh, in their language, and nothing on the next', async () => {
    standIn.positions = [buyer, packer];
    await start();
    await refresh();
    await subscribe('all@example.org', undefined, 'en');
    await subscribe('lager@example.org', ['lager'], 'de');
    await subscribe('buying@example.org', ['procurement'], 'fr');
    const before = mails().length;

    standIn.positions = [buyer, packer, clerk, driver];
    await refresh();
    await drain();
    const sent = mails().slice(before);
    expect(sent.map((mail) => mail.envelope.to[0]).sort()).toEqual(['all@example.org', 'lager@example.org']);
    const english = sent.find((mail) => mail.envelope.to[0] === 'all@example.org');
    expect(english?.parsed.subject).toBe(mailTexts('en').t(($) => $.jobAlert.subject.other, { count: 2 }));
    expect(english?.parsed.text).toContain('Warehouse clerk');
    expect(english?.parsed.text).toContain(`${localizedPath('/jobs', 'en')}?job=302`);
    // A position without an English text is shown in German, marked as such in the HTML part.
    expect(english?.parsed.html).toContain('lang="de">Fahrer (m/w/d)</a>');
    expect(english?.parsed.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe(
      'List-Unsubscribe=One-Click',
    );
    expect(sent.find((mail) => mail.envelope.to[0] === 'lager@example.org')?.parsed.text).toContain('Lagerist (m/w/d)');

    await refresh();
    await drain();
    expect(mails()).toHaveLength(before + 2);
  });

  it('announces nothing on the first read, after an outage, a text change, a flapping feed, a reload or another JOBS_FEED_URL', async () => {
    standIn.positions = [buyer, clerk];
    await start();
    await subscribe('all@example.org');
    const before = mails().length;
    await refresh(); // the first read: the baseline
    standIn.mode = 'http-500';
    await refresh();
    standIn.mode = 'feed';
    await refresh(); // back after an outage
    standIn.positions = [buyer, { ...clerk, texts: { de: { name: 'Lagerist (m/w/d), neu', sections: [] } } }];
    await refresh(); // a text change (and one language gone)
    standIn.positions = [];
    await refresh();
    standIn.positions = [buyer, clerk];
    await refresh(); // both dropped and back
    await server.app.jobsFeed?.load(); // a reload of the stored jobs
    const other = await server.another(
      { jobsFeed: { url: `${feedUrl}?account=2`, refreshMs } },
      { renderJobsPage: async () => '' },
    );
    other.jobsFeedReader?.start();
    standIn.positions = [buyer, clerk, driver];
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await other.close(); // another feed's first read: a baseline, driver included
    await drain();
    expect(mails()).toHaveLength(before);
    expect(await db().selectFrom('job_alert_rounds').select('id').execute()).toEqual([]);
  });

  it('never announces a position again when a feed drops and re-adds the same 200 positions', async () => {
    const many = Array.from({ length: 200 }, (_, i) => position(String(1000 + i), 'Lager', { de: `Stelle ${i}` }));
    standIn.positions = many;
    await start();
    await refresh();
    await subscribe('all@example.org');
    const before = mails().length;
    for (let flap = 0; flap < 3; flap++) {
      standIn.positions = many.filter((_, i) => i % 2 === flap % 2);
      await refresh();
      standIn.positions = many;
      await refresh();
    }
    await drain();
    expect(mails()).toHaveLength(before);
  });

  it('sends one bounded mail for 500 new positions at once, listing some and linking the rest', async () => {
    standIn.positions = [];
    await start();
    await refresh();
    await subscribe('all@example.org', undefined, 'en');
    const before = mails().length;
    standIn.positions = Array.from({ length: 500 }, (_, i) =>
      position(String(5000 + i), 'Lager', { en: `Position ${i}` }),
    );
    await refresh();
    await drain();
    const sent = mails().slice(before);
    expect(sent).toHaveLength(1);
    const text = sent[0]?.parsed.text ?? '';
    expect(text).toContain(mailTexts('en').t(($) => $.jobAlert.more.other, { count: 500 - maxListedPositions }));
    expect(text.match(/\?job=\d+/g)).toHaveLength(maxListedPositions);
    expect(sent[0]?.raw.length).toBeLessThan(60_000);
  });

  it('stops alerts after an unsubscribe by the page or one click, and a replayed token changes nothing', async () => {
    standIn.positions = [buyer];
    await start();
    await refresh();
    const byPage = await subscribe('page@example.org', undefined, 'en');
    await subscribe('click@example.org');
    const click = lastMailTo('click@example.org');
    const unsubscribe = new URL(linkIn(click, 'unsubscribe'));
    const page = await server.app.inject({
      method: 'POST',
      url: `${localizedPath('/jobs/alerts/unsubscribe', 'en')}?token=${byPage}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate' },
      payload: '',
    });
    expect(page.headers.location).toBe(`${localizedPath('/form-result', 'en')}?status=job-alerts-unsubscribed`);
    const oneClick = () =>
      server.app.inject({
        method: 'POST',
        url: unsubscribe.pathname + unsubscribe.search,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick()).json()).toEqual({ success: true, status: 'unsubscribed' });
    expect((await oneClick()).json()).toEqual({ success: true, status: 'already_unsubscribed' });
    expect((await post('/api/job-alerts/confirm', { token: tokenOf(linkIn(click, 'confirm')) })).statusCode).toBe(404);
    const before = mails().length;
    standIn.positions = [buyer, clerk];
    await refresh();
    await drain();
    expect(mails()).toHaveLength(before);
    expect(await db().selectFrom('job_alert_subscribers').select(['email', 'status']).execute()).toEqual([
      { email: null, status: 'unsubscribed' },
      { email: null, status: 'unsubscribed' },
    ]);
  });

  it('gives up an alert the mail server refuses for good, and ends a subscriber after three in a row, listed', async () => {
    standIn.positions = [];
    await start();
    await refresh();
    await subscribe('gone@example.org');
    await subscribe('fine@example.org');
    server.smtp.refuse = (recipient) =>
      recipient === 'gone@example.org' ? { code: 550, message: 'No such user' } : null;
    for (let round = 0; round < refusalsThatEnd + 1; round++) {
      standIn.positions = [...standIn.positions, position(String(700 + round), 'Lager', { de: `Stelle ${round}` })];
      await refresh();
      await drain();
    }
    const given = await db()
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('kind', '=', 'job-alert')
      .where('status', '=', 'dead')
      .execute();
    expect(given).toEqual(Array.from({ length: refusalsThatEnd }, () => ({ status: 'dead', attempts: 1 })));
    expect(mails().filter((mail) => mail.envelope.to[0] === 'fine@example.org')).toHaveLength(1 + refusalsThatEnd + 1);
    const out: string[] = [];
    const env = { SITE_URL: 'https://www.westbridge.example', ...databaseEnv() };
    expect(
      await runOperatorCommand('job-alerts:ended', ['--addresses'], { env, out: (t) => out.push(t), err: () => {} }),
    ).toBe(0);
    expect(out.join('')).toContain('gone@example.org');
    expect(out.join('')).toContain('No such user');
  });
});

describe('departments', () => {
  it('offers every department the feed has named, and follows a renamed one', async () => {
    standIn.positions = [buyer, clerk];
    await start();
    await refresh();
    await subscribe('lager@example.org', ['Lager']);
    const before = mails().length;
    standIn.positions = [buyer, { ...clerk, department: 'Logistikzentrum' }];
    await refresh();
    standIn.positions = [
      buyer,
      { ...clerk, department: 'Logistikzentrum' },
      { ...driver, department: 'Logistikzentrum' },
    ];
    await refresh();
    await drain();
    expect(
      mails()
        .slice(before)
        .map((mail) => mail.envelope.to[0]),
    ).toEqual(['lager@example.org']);
    // The old name is still taken, as the new one stands for it; a name never named is not.
    expect((await signUp({ email: 'x@example.org', departments: ['Lager', 'logistikzentrum'] })).statusCode).toBe(200);
    expect((await signUp({ email: 'y@example.org', departments: ['Fuhrpark'] })).statusCode).toBe(400);
  });
});

describe('built-in jobs', () => {
  it('announces a built-in job a release adds once, however many instances start with it', async () => {
    await start({ jobsFeed: null });
    const pages = path.join(server.dist.dir, 'pages');
    const job = (id: string, department: string): Job => ({
      id,
      lang: 'de',
      title: `Stelle ${id}`,
      summary: '',
      department,
      offices: ['Berlin'],
      location: 'Berlin',
      schedule: 'full-time',
      contract: 'permanent',
      salary: { min: 50_000, max: 60_000, currency: 'EUR', unit: 'YEAR' },
      datePosted: '2026-11-02',
      validThrough: null,
      applyUrl: null,
      body: { kind: 'html', sections: [] },
    });
    const release = (jobs: Job[]) =>
      writeFileSync(
        path.join(pages, builtInJobsFileName),
        JSON.stringify(Object.fromEntries(languageCodes.map((lng) => [lng, jobs]))),
      );
    release([job('job-001', 'consulting')]);
    await (await server.another({ jobsFeed: null })).close(); // the first start with the alerts: a baseline
    await subscribe('eng@example.org', ['engineering'], 'en');
    await subscribe('hr@example.org', ['humanResources']);
    const before = mails().length;
    release([job('job-001', 'consulting'), job('job-004', 'engineering')]);
    const instances = await Promise.all([1, 2, 3].map(() => server.another({ jobsFeed: null })));
    await Promise.all(instances.map((instance) => instance.close()));
    await drain();
    const sent = mails().slice(before);
    expect(sent.map((mail) => mail.envelope.to[0])).toEqual(['eng@example.org']);
    expect(sent[0]?.parsed.text).toContain('Stelle job-004');
    // The pay line as the jobs pages write it in English.
    const { range } = formatSalaryAmounts({ min: 50_000, max: 60_000, currency: 'EUR', unit: 'YEAR' }, 'en');
    expect(sent[0]?.parsed.text).toContain(mailTexts('en').jobs(($) => $.salary.range.YEAR, { range }));
  });
});

describe('the operator’s view', () => {
  it('reports subscribers by state and alerts on /metrics, and the last round in jobs:status', async () => {
    standIn.positions = [];
    await start();
    await refresh();
    await subscribe('all@example.org');
    standIn.positions = [buyer];
    await refresh();
    await drain();
    const metrics = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('westbridge_job_alert_subscribers{state="confirmed"} 1');
    expect(metrics).toContain('westbridge_job_alerts{state="sent"} 1');
    expect(metrics).toContain('westbridge_queue_pending{queue="job_alerts",kind="job-alert"} 0');
    const out: string[] = [];
    const env = { SITE_URL: 'https://www.westbridge.example', JOBS_FEED_URL: feedUrl, ...databaseEnv() };
    await runOperatorCommand('jobs:status', [], { env, out: (t) => out.push(t), err: () => {} });
    expect(out.join('')).toMatch(/last alert round\t\S+ 1 new position of .*: 1 alert queued by /);
  });
});
