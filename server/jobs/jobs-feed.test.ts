import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../common/languages';
import { localizedPath } from '../../common/page-urls';
import { runOperatorCommand } from '../operator-commands';
import { personioDocuments, PersonioStandIn, type StandInPosition } from '../test/personio-stand-in';
import { startTestServer, type TestServer } from '../test/test-server';
import { fetchFeedDocument } from './fetch-feed';
import { fixtureJobId } from '../test/dist-fixture';
import type { RenderJobsPage } from './render-jobs-page';
import { refreshJobsFeed } from './refresh-feed';

/**
 * The feed from the stand-in to the pages. The server renders the jobs pages
 * through `renderJobsPage`; here it writes down what it was given (the jobs,
 * their states and languages), while the components themselves are tested in
 * src/ and, from the build, in tests/process/jobs-feed.test.ts.
 */
const renderJobsPage: RenderJobsPage = async ({ lng, variant, jobs, noindex }) => {
  renders.push(`${lng} ${variant.job ?? 'list'}`);
  await held;
  return (
    `<!doctype html><html lang="${lng}"><body><p>state ${jobs.state}</p>` +
    jobs.jobs.map((job) => `<h2 lang="${job.lang}" data-salary="${job.salary?.min ?? ''}">${job.title}</h2>`).join('') +
    `<p>variant ${variant.job ?? 'list'}</p>${noindex ? '<meta name="robots" content="noindex">' : ''}</body></html>`
  );
};
/** The pages rendered, as `<language> <job id or list>`. */
let renders: string[] = [];
/** Renders wait for this: a render that takes its time. */
let held: Promise<void> = Promise.resolve();

const position = (id: string, texts: Partial<Record<Language, string>>, extra: Partial<StandInPosition> = {}) => ({
  id,
  texts: Object.fromEntries(
    Object.entries(texts).map(([lng, name]) => [lng, { name, sections: [{ name: 'Tasks', value: `<p>${name}</p>` }] }]),
  ),
  ...extra,
});

const refreshMs = 60_000;
const standIn = new PersonioStandIn();
let feedUrl: string;
let server: TestServer;
let started: TestServer | undefined;

beforeAll(async () => {
  feedUrl = await standIn.start();
});
afterAll(() => standIn.stop());
afterEach(async () => {
  await started?.close();
  started = undefined;
  standIn.mode = 'feed';
  standIn.positions = [];
  renders = [];
  held = Promise.resolve();
});

async function start() {
  server = await startTestServer({ jobsFeed: { url: feedUrl, refreshMs } }, { renderJobsPage, jobsFeedPollMs: 60_000 });
  started = server;
  return server;
}

/** One turn of the feed's worker, after the refresh interval, then the instance reloads what it serves. */
async function refresh() {
  server.advance(refreshMs);
  const reader = server.app.jobsFeedReader;
  if (!reader) throw new Error('no feed worker');
  expect(await reader.runOnce()).toBe(1);
  await server.app.jobsFeed?.load();
}

const get = (url: string) => server.app.inject({ method: 'GET', url });
const titles = (html: string) =>
  [...html.matchAll(/<h2 lang="(\w+)"[^>]*>([^<]*)<\/h2>/g)].map(([, lng, title]) => `${lng}:${title}`);

describe('jobs from a Personio feed', () => {
  it('shows the feed’s jobs in every language, the German version where one has none, and a salary', async () => {
    standIn.positions = [
      position(
        '101',
        { de: 'Disponent', en: 'Dispatcher', fr: 'Répartiteur' },
        {
          salary: { min: '48000', max: '56000', currencyCode: 'EUR', type: 'yearly' },
        },
      ),
      position('102', { de: 'Lagerist' }),
    ];
    await start();
    expect((await get('/en/jobs')).body).toContain('state loading');
    await refresh();
    expect(standIn.reads).toMatchObject({ de: 1, en: 1, fr: 1 });

    expect(titles((await get('/jobs')).body)).toEqual(['de:Disponent', 'de:Lagerist']);
    expect(titles((await get('/en/jobs')).body)).toEqual(['en:Dispatcher', 'de:Lagerist']);
    expect(titles((await get('/fr/jobs')).body)).toEqual(['fr:Répartiteur', 'de:Lagerist']);
    expect((await get('/en/jobs')).body).toContain('data-salary="48000"');
    const job = await get(`${localizedPath('/jobs', 'fr')}?job=102`);
    expect(job.statusCode).toBe(200);
    expect(job.body).toContain('variant 102');
    expect(job.headers['content-language']).toBe('fr');
    expect(job.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('shows a job opened in Personio and answers 410 for one closed, 404 for one that never existed', async () => {
    standIn.positions = [position('201', { de: 'Einkäufer' }), position('202', { de: 'Buchhalter' })];
    await start();
    await refresh();
    standIn.positions = [position('201', { de: 'Einkäufer' }), position('203', { de: 'Zollexperte' })];
    await refresh();

    expect(titles((await get('/jobs')).body)).toEqual(['de:Einkäufer', 'de:Zollexperte']);
    expect((await get('/jobs?job=203')).statusCode).toBe(200);
    const closed = await get('/en/jobs?job=202');
    expect(closed.statusCode).toBe(410);
    expect(closed.body).toContain('noindex');
    expect((await get('/en/jobs?job=999')).statusCode).toBe(404);
    expect((await get('/en/jobs?job=..%2F..%2Fetc')).statusCode).toBe(404);

    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('/en/jobs?job=203</loc>\n    <lastmod>');
    expect(sitemap).not.toContain('job=202');
    expect(sitemap).not.toContain(`job=${fixtureJobId}`);
  });

  it('answers 410 for every closed position from one page per language, rendering none of its own', async () => {
    const ids = Array.from({ length: 60 }, (_, index) => String(600 + index));
    standIn.positions = ids.map((id) => position(id, { de: `Stelle ${id}` }));
    await start();
    await refresh();
    standIn.positions = [];
    await refresh();
    renders = [];
    for (const id of ids) {
      const closed = await get(`/en/jobs?job=${id}`);
      expect(closed.statusCode).toBe(410);
      expect(closed.body).toContain(`variant ${id}</p>`);
      expect(closed.body).not.toContain('__CLOSED');
      expect(closed.headers.etag).toBeDefined();
    }
    expect((await get(`/fr/jobs?job=${ids[0]}`)).statusCode).toBe(410);
    expect(renders.sort()).toEqual(['en __CLOSED_JOB_ID__', 'fr __CLOSED_JOB_ID__']);
  });

  it('serves the previous jobs until the new lists are rendered, then the new ones at once', async () => {
    standIn.positions = [position('211', { de: 'Disponent' }), position('212', { de: 'Lagerist' })];
    await start();
    await refresh();
    expect((await get('/jobs?job=212')).statusCode).toBe(200);
    standIn.positions = [position('211', { de: 'Disponent' }), position('213', { de: 'Zöllner' })];
    server.advance(refreshMs);
    expect(await server.app.jobsFeedReader?.runOnce()).toBe(1);

    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    const loading = server.app.jobsFeed?.load();
    // The new set's lists are being rendered: visitors get the previous set, whole, without waiting.
    expect(titles((await get('/jobs')).body)).toEqual(['de:Disponent', 'de:Lagerist']);
    expect((await get('/jobs?job=212')).statusCode).toBe(200);
    expect((await get('/jobs?job=213')).statusCode).toBe(404);
    release();
    await loading;
    expect(titles((await get('/jobs')).body)).toEqual(['de:Disponent', 'de:Zöllner']);
    expect((await get('/jobs?job=212')).statusCode).toBe(410);
    expect((await get('/jobs?job=213')).statusCode).toBe(200);
  });

  it('renders every language’s list before a new set is served, and a job’s page again only when that job changed', async () => {
    standIn.positions = [position('221', { de: 'Einkäufer' }), position('222', { de: 'Buchhalter' })];
    await start();
    await refresh();
    expect(renders.sort()).toEqual(['de list', 'en list', 'fr list']);
    await get('/en/jobs?job=221');
    await get('/en/jobs?job=222');
    renders = [];

    standIn.positions = [position('221', { de: 'Einkäufer' }), position('222', { de: 'Bilanzbuchhalter' })];
    await refresh();
    expect(renders.sort()).toEqual(['de list', 'en list', 'fr list']);
    await get('/en/jobs');
    await get('/en/jobs?job=221');
    expect(titles((await get('/en/jobs?job=222')).body)).toEqual(['de:Bilanzbuchhalter']);
    expect(renders.sort()).toEqual(['de list', 'en 222', 'en list', 'fr list']);
  });

  it('keeps the last good jobs through HTTP 500, a redirect and malformed XML, says so in /metrics and jobs:status', async () => {
    standIn.positions = [position('301', { de: 'Spediteur' })];
    await start();
    await refresh();
    for (const mode of ['http-500', 'redirect', 'malformed'] as const) {
      standIn.mode = mode;
      await refresh();
      expect(titles((await get('/jobs')).body), mode).toEqual(['de:Spediteur']);
      expect((await get('/jobs?job=301')).statusCode).toBe(200);
    }
    const metrics = (await get('/metrics')).body;
    expect(metrics).toMatch(/^westbridge_jobs_feed_failing 1$/m);
    expect(metrics).toMatch(/^westbridge_jobs_feed_last_success_timestamp_seconds \d{10}/m);
    expect(metrics).toMatch(/^westbridge_jobs_feed_positions\{language="en",texts="all"\} 1$/m);
    expect(metrics).toMatch(/^westbridge_jobs_feed_positions\{language="en",texts="own"\} 0$/m);

    const out: string[] = [];
    const err: string[] = [];
    const database = server.database.config;
    const env = {
      SITE_URL: 'https://www.westbridge.example',
      JOBS_FEED_URL: feedUrl,
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : { DATA_DIR: path.dirname(database.file) }),
    };
    const code = await runOperatorCommand('jobs:status', [], {
      env,
      out: (text) => out.push(text),
      err: (text) => err.push(text),
    });
    expect(code).toBe(1);
    expect(out.join('')).toMatch(/last successful read\t\d{4}-/);
    expect(out.join('')).toMatch(/last error\t\d{4}-.*not well-formed XML/);
    expect(out.join('')).toContain('positions en\t1 (0 with en texts, the rest in German)');

    standIn.mode = 'feed';
    await refresh();
    expect((await get('/metrics')).body).toMatch(/^westbridge_jobs_feed_failing 0$/m);
  });

  it('reports a position without a pay range in the log once, in /metrics and in jobs:status, until it has one', async () => {
    const lines: string[] = [];
    const withPay = { salary: { min: '48000', max: '56000', currencyCode: 'EUR', type: 'yearly' } };
    standIn.positions = [position('401', { de: 'Einkäufer' }, withPay), position('402', { de: 'Spediteur' })];
    server = await startTestServer(
      { jobsFeed: { url: feedUrl, refreshMs } },
      {
        renderJobsPage,
        jobsFeedPollMs: 60_000,
        logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
      },
    );
    started = server;
    await refresh();
    await refresh();
    const told = lines.filter((line) => line.includes('position 402: has no salary range'));
    expect(told, 'told once, not at every read').toHaveLength(1);
    expect((await get('/metrics')).body).toMatch(/^westbridge_jobs_feed_positions_without_pay 1$/m);

    const out: string[] = [];
    const database = server.database.config;
    await runOperatorCommand('jobs:status', [], {
      env: {
        SITE_URL: 'https://www.westbridge.example',
        JOBS_FEED_URL: feedUrl,
        ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : { DATA_DIR: path.dirname(database.file) }),
      },
      out: (text) => out.push(text),
      err: () => {},
    });
    expect(out.join('')).toContain('without pay\t1 (402): enter a range in Personio');

    standIn.positions = [position('401', { de: 'Einkäufer' }, withPay), position('402', { de: 'Spediteur' }, withPay)];
    await refresh();
    expect((await get('/metrics')).body).toMatch(/^westbridge_jobs_feed_positions_without_pay 0$/m);
  });

  it('reports in /metrics no last success before the first successful read, and since when the reads fail', async () => {
    const sample = async (name: string) =>
      new RegExp(`^westbridge_jobs_feed_${name}_timestamp_seconds (\\S+)$`, 'm').exec(
        (await get('/metrics')).body,
      )?.[1];
    standIn.mode = 'http-500';
    await start();
    // A new instance of a new feed: nothing is late yet, so there is nothing for the stale-feed alert to count from.
    expect(await sample('last_success')).toBeUndefined();
    expect(await sample('failing_since')).toBeUndefined();
    await refresh();
    const failingSince = Number(await sample('failing_since'));
    expect(failingSince).toBeGreaterThan(0);
    expect(await sample('last_success')).toBeUndefined();
    standIn.mode = 'feed';
    await refresh();
    expect(Number(await sample('last_success'))).toBeGreaterThan(failingSince);
    expect(await sample('failing_since')).toBeUndefined();
  });

  it('shows no openings for an empty feed, and the error, never the built-in jobs, for one never read', async () => {
    standIn.mode = 'http-500';
    await start();
    await refresh();
    const failed = (await get('/en/jobs')).body;
    expect(failed).toContain('state error');
    expect(titles(failed)).toEqual([]);
    expect((await get(`/en/jobs?job=${fixtureJobId}`)).statusCode).toBe(404);

    standIn.mode = 'feed';
    standIn.positions = [];
    await refresh();
    const empty = (await get('/en/jobs')).body;
    expect(empty).toContain('state ready');
    expect(titles(empty)).toEqual([]);
  });
});

describe('a feed with hostile HTML', () => {
  /** An answer's time, and the CPU time this thread spent meanwhile (its own work, whatever the machine's load). */
  interface Answer {
    ms: number;
    cpuMs: number;
  }
  const cpuMs = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };

  /** The longest answer for another page, asked every few milliseconds until `work` ends. */
  async function longestAnswer(app: TestServer['app'], work: Promise<unknown>): Promise<Answer> {
    let done = false;
    const finished = work.finally(() => (done = true));
    let longest: Answer = { ms: 0, cpuMs: 0 };
    let answers = 0;
    do {
      const [started, cpuBefore] = [performance.now(), cpuMs()];
      const answer = await app.inject({ method: 'GET', url: '/en/about' });
      const took = { ms: performance.now() - started, cpuMs: cpuMs() - cpuBefore };
      if (took.ms > longest.ms) longest = took;
      expect(answer.statusCode).toBe(200);
      answers++;
      await sleep(5);
    } while (!done || answers < 20);
    await finished;
    return longest;
  }

  // 400,000 unclosed <b> (1.2 MB) kept an instance from answering for 43 s on every read.
  it('refuses the position, serves the others, and other pages answer meanwhile as without a feed', async () => {
    const plain = await startTestServer();
    const withoutFeed = await longestAnswer(plain.app, sleep(500)).finally(() => plain.close());

    const lines: string[] = [];
    server = await startTestServer(
      { jobsFeed: { url: feedUrl, refreshMs } },
      {
        renderJobsPage,
        jobsFeedPollMs: 60_000,
        logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
      },
    );
    started = server;
    const reader = server.app.jobsFeedReader;
    if (!reader) throw new Error('no feed worker');
    const hostile = [
      '<b>'.repeat(100_000),
      '<b>'.repeat(200_000),
      '<b>'.repeat(400_000),
      `${'<p>'.repeat(1_000_000)}${'x'.repeat(2_000_000)}`,
    ];
    const longest: Answer[] = [];
    for (const html of hostile) {
      standIn.mode = {
        documents: personioDocuments([
          position('501', { de: 'Disponent', en: 'Dispatcher' }),
          { id: '502', texts: { de: { name: 'Lagerist', sections: [{ name: 'Aufgaben', value: html }] } } },
          position('503', { de: 'Zöllner' }),
        ]),
      };
      server.advance(refreshMs);
      longest.push(
        await longestAnswer(
          server.app,
          reader.runOnce().then(() => server.app.jobsFeed?.load()),
        ),
      );
      expect(titles((await get('/jobs')).body)).toEqual(['de:Disponent', 'de:Zöllner']);
      expect(titles((await get('/en/jobs')).body)).toEqual(['en:Dispatcher', 'de:Zöllner']);
      expect((await get('/en/jobs?job=502')).statusCode).toBe(404);
    }
    // At most 100 ms above the instance without a feed. On a machine whose cores are busy elsewhere an
    // answer can wait longer for a core: such a wait is not the instance's if this thread's own CPU time
    // during that answer stays within the bound (the 43 s of the old read were all its own).
    const shown = (answer: Answer) => `${Math.round(answer.ms)} ms (${Math.round(answer.cpuMs)} ms CPU)`;
    const bound = withoutFeed.ms + 100;
    const held = longest.filter((answer) => answer.ms >= bound && answer.cpuMs >= withoutFeed.cpuMs + 100);
    expect(held, `${longest.map(shown).join(', ')} beside ${shown(withoutFeed)}`).toEqual([]);
    const refused = lines.filter((line) => line.includes('position 502 (de)'));
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]).toMatch(/positions left out or shown without a value/);
    expect(refused[0]).toMatch(/"position 502 \(de\): its section 1 has [^"]+ a text may have: left out"/);
    expect(lines.join('')).not.toContain('<b><b>');
  });
});

describe('reading a feed document', () => {
  it.each([
    ['http-500', /HTTP 500/],
    ['redirect', /redirect to www\.personio\.de/],
    ['slow', /did not answer within 0\.3 s/],
  ] as const)('refuses %s', async (mode, message) => {
    standIn.mode = mode;
    await expect(fetchFeedDocument(feedUrl, 'de', { timeoutMs: 300 })).rejects.toThrow(message);
    standIn.mode = 'feed';
  });

  it('refuses a body over the limit and one that is not UTF-8', async () => {
    standIn.mode = { body: `<workzag-jobs>${' '.repeat(2048)}</workzag-jobs>` };
    await expect(fetchFeedDocument(feedUrl, 'de', { maxBytes: 1024 })).rejects.toThrow(/over the 1024 bytes/);
    standIn.mode = { body: Buffer.from([0x3c, 0x61, 0xff, 0xfe, 0x3e]) };
    await expect(fetchFeedDocument(feedUrl, 'de')).rejects.toThrow(/not valid UTF-8/);
    standIn.mode = 'feed';
  });

  it('keeps the jobs of a slow feed and logs the failure once per streak', async () => {
    standIn.positions = [position('401', { de: 'Kaufmann' })];
    await start();
    await refresh();
    standIn.mode = 'slow';
    const lines: string[] = [];
    const log = { warn: (_o: unknown, message: string) => lines.push(message), debug: () => {}, info: () => {} };
    for (const _ of [1, 2]) {
      const result = await refreshJobsFeed({
        db: server.database.handle.db,
        feedUrl,
        log: log as never,
        fetchOptions: { timeoutMs: 200 },
      });
      expect(result.ok).toBe(false);
    }
    expect(lines.filter((line) => line.includes('read failed'))).toHaveLength(1);
    await server.app.jobsFeed?.load();
    expect(titles((await get('/jobs')).body)).toEqual(['de:Kaufmann']);
  });
});
