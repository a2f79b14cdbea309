import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizedPath } from '../../common/page-urls';
import { PersonioStandIn, type StandInPosition } from '../../server/test/personio-stand-in';
import { request } from './support/http';
import { startBacking, startInstance, waitUntil, type Backing, type Instance } from './support/instances';

/**
 * Two built instances on one PostgreSQL reading one stand-in Personio feed:
 * the jobs pages as the real components render them, the same on both, one
 * read per language per refresh between them, and the last good jobs through
 * a kill -9 in the middle of a read.
 */
const refreshSeconds = 2;
const texts = (de: string, en?: string) => ({
  de: { name: de, sections: [{ name: 'Aufgaben', value: `<p>${de}: <strong>Disposition</strong></p>` }] },
  ...(en
    ? { en: { name: en, sections: [{ name: 'Tasks', value: `<p>${en}: <strong>dispatching</strong></p>` }] } }
    : {}),
});
const dispatcher: StandInPosition = {
  id: '5001',
  department: 'Logistik',
  salary: { min: '52000', max: '64000', currencyCode: 'EUR', type: 'yearly' },
  texts: texts('Disponent Seefracht', 'Ocean Freight Dispatcher'),
};
const clerk: StandInPosition = { id: '5002', department: 'Einkauf', texts: texts('Einkaufssachbearbeiter') };

/** Every JSON-LD object of a page (each page carries its breadcrumbs; a job's page its JobPosting). */
const structuredData = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>,
  );
const structuredDataTypes = (html: string) => structuredData(html).map((data) => data['@type']);

const standIn = new PersonioStandIn();
let backing: Backing;
let settings: Parameters<typeof startInstance>[0];
let feedUrl: string;
let a: Instance;
let b: Instance;

const page = async (instance: Instance, path: string) => request(`${instance.url}${path}`);
const enJobs = localizedPath('/jobs', 'en');
const frJobs = localizedPath('/jobs', 'fr');

beforeAll(async () => {
  standIn.positions = [dispatcher, clerk];
  feedUrl = await standIn.start();
  backing = await startBacking();
  settings = {
    databaseUrl: backing.postgres.url,
    smtpUrl: backing.smtp.url,
    env: {
      JOBS_FEED_URL: feedUrl,
      JOBS_FEED_REFRESH_SECONDS: String(refreshSeconds),
      TEST_QUEUE_TIMINGS: 'lockMs=3000',
    },
  };
  [a, b] = await Promise.all([startInstance(settings), startInstance(settings)]);
  await waitUntil(
    async () => (await page(a, enJobs)).body.includes('Ocean Freight Dispatcher'),
    20_000,
    () => `no feed jobs on ${enJobs}:\n${a.output()}`,
  );
});

afterAll(async () => {
  await backing?.stop();
  await standIn.stop();
});

describe('the Personio feed on two instances', () => {
  it('render the feed’s jobs with the site’s components, in every language, the same on both', async () => {
    await waitUntil(
      async () => (await page(b, enJobs)).body.includes('Ocean Freight Dispatcher'),
      10_000,
      () => b.output(),
    );
    const list = await page(a, enJobs);
    expect(list.status).toBe(200);
    expect(list.body).toContain('Ocean Freight Dispatcher');
    // Shown in German where the feed has no English, marked as German.
    expect(list.body).toMatch(/<article lang="de"[^>]*>[\s\S]*?Einkaufssachbearbeiter/);
    expect(list.body).toContain('52,000');
    expect(structuredDataTypes(list.body)).not.toContain('JobPosting');
    // The cards' data for the island, never a job's full text twice.
    expect(list.body).toContain('data-island="job-board"');
    expect(list.body).not.toContain('sections');
    expect(list.body).toMatch(/<title>Open positions/);
    expect((await page(a, '/jobs')).body).toContain('Disponent Seefracht');
    expect((await page(a, frJobs)).body).toContain('Disponent Seefracht');

    const job = await page(b, `${enJobs}?job=5001`);
    expect(job.status).toBe(200);
    expect(job.body).toMatch(/<h1[^>]*>Ocean Freight Dispatcher<\/h1>/);
    expect(job.body).toMatch(/<title>Ocean Freight Dispatcher/);
    expect(job.body).toContain(`href="${new URL(feedUrl).origin}/job/5001?language=en#apply"`);
    const posting = (structuredData(job.body).find((data) => data['@type'] === 'JobPosting') ?? {}) as {
      baseSalary?: { currency: string; value: { minValue: number; maxValue: number; unitText: string } };
      directApply?: boolean;
      identifier?: { value: string };
    };
    expect(posting.baseSalary).toMatchObject({
      currency: 'EUR',
      value: { minValue: 52000, maxValue: 64000, unitText: 'YEAR' },
    });
    expect(posting.directApply).toBe(true);
    expect(posting.identifier?.value).toBe('5001');
    for (const path of [enJobs, `${enJobs}?job=5001`, `${frJobs}?job=5002`]) {
      expect((await page(a, path)).body, path).toBe((await page(b, path)).body);
    }
    expect((await page(a, `${enJobs}?job=nope`)).status).toBe(404);
  });

  it('read the feed once per language per refresh between them', async () => {
    const before = { ...standIn.reads };
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5 * refreshSeconds * 1000));
    const elapsedRefreshes = (Date.now() - started) / (refreshSeconds * 1000);
    const reads = Object.fromEntries(
      ['de', 'en', 'fr'].map((lng) => [lng, (standIn.reads[lng] ?? 0) - (before[lng] ?? 0)]),
    );
    expect(reads.de).toBeGreaterThanOrEqual(2);
    expect(reads.de).toBeLessThanOrEqual(Math.ceil(elapsedRefreshes) + 1);
    expect(Math.abs((reads.en ?? 0) - (reads.de ?? 0))).toBeLessThanOrEqual(1);
    expect(Math.abs((reads.fr ?? 0) - (reads.de ?? 0))).toBeLessThanOrEqual(1);
  });

  it('answer 410 without a JobPosting for a position closed in Personio, on both, within the refresh', async () => {
    standIn.positions = [dispatcher];
    await waitUntil(
      async () =>
        (await page(a, `${enJobs}?job=5002`)).status === 410 && (await page(b, `${enJobs}?job=5002`)).status === 410,
      4 * refreshSeconds * 1000 + 5_000,
      () => 'the closed job still answers',
    );
    const closed = await page(b, `${enJobs}?job=5002`);
    expect(structuredDataTypes(closed.body)).not.toContain('JobPosting');
    // Made from the one page per language that says a position is filled: its own id where it belongs.
    expect(closed.body).toMatch(new RegExp(`<link rel="canonical" href="https://[^"]+${enJobs}\\?job=5002"`));
    expect(closed.body).toContain(`href="${frJobs}?job=5002"`);
    expect(closed.body).not.toContain('__CLOSED');
    expect(closed.body).toContain(`href="${enJobs}"`);
    expect((await page(a, enJobs)).body).not.toContain('Einkaufssachbearbeiter');
    const sitemap = (await page(a, '/sitemap.xml')).body;
    expect(sitemap).toContain('?job=5001</loc>');
    expect(sitemap).not.toContain('?job=5002');
  });

  it('keep the last good jobs when an instance is killed in the middle of a read', async () => {
    standIn.mode = 'slow';
    const readsBefore = standIn.readsTotal();
    await waitUntil(
      () => standIn.readsTotal() > readsBefore,
      10_000,
      () => 'no read began',
    );
    await a.kill();
    expect((await page(b, enJobs)).body).toContain('Ocean Freight Dispatcher');
    a = await startInstance(settings);
    for (const instance of [a, b]) {
      const list = await page(instance, enJobs);
      expect(list.body).toContain('Ocean Freight Dispatcher');
      expect((await page(instance, `${enJobs}?job=5001`)).status).toBe(200);
    }
    standIn.mode = 'feed';
  });
});
