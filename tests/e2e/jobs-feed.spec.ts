import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultLanguage, languageCodes, type Language } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { freePort } from '../../server/test/free-port';
import { fixturePositions } from '../../server/test/personio-fixtures';
import { PersonioStandIn } from '../../server/test/personio-stand-in';
import { axeViolations } from './support/axe';
import { skipCookieBanner } from './support/consent';
import { headingProblems } from './support/headings';
import { localeTexts } from './support/locales';
import { startSiteServer, type SiteServer } from './support/site-server';
import { expect, test } from './support/test';
import { themes, useTheme } from './support/theme';

/**
 * The jobs pages built from a Personio feed of 50 invented positions (the
 * stand-in), on a server of their own: the list, a job's page, a job shown in
 * German on another language's page (marked `lang="de"`) and a closed job's
 * 410 page pass axe and have a sound heading outline, in both themes and every
 * language. The built-in jobs are swept in accessibility.spec.ts.
 */
const positions = fixturePositions(50);
const [inEveryLanguage] = positions;
const closed = positions.at(-1);
const open = positions.slice(0, -1);
if (!inEveryLanguage || !closed) throw new Error('no fixture positions');
/** An open position with no texts of its own in `lng`, shown in German there. */
const shownInGerman = (lng: Language) => open.find((position) => !position.texts[lng]);
const jobAddress = (id: string, lng: Language) => pageHref('jobs', lng, { variant: { job: id } });

interface Visit {
  label: string;
  address: string;
  status: number;
  /** The page's h1. */
  title?: string;
  /** The h1's language where it is not the page's. */
  lang?: Language;
  /** The cards of the list. */
  cards?: number;
}

const standIn = new PersonioStandIn();
let server: SiteServer;
let dataDir: string;

// One server for the file: its tests run one after another in one worker.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  standIn.positions = positions;
  const feedUrl = await standIn.start();
  dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-feed-'));
  server = await startSiteServer({
    port: await freePort(),
    dataDir,
    env: { JOBS_FEED_URL: feedUrl, JOBS_FEED_REFRESH_SECONDS: '2' },
  });
  const answer = async (address: string) => fetch(`${server.url}${address}`);
  await expect
    .poll(async () => (await answer(pageHref('jobs', defaultLanguage))).text(), { timeout: 60_000 })
    .toContain(`job=${closed.id}"`);
  // Closed in Personio: gone from the next read on.
  standIn.positions = open;
  await expect
    .poll(async () => (await answer(jobAddress(closed.id, defaultLanguage))).status, { timeout: 30_000 })
    .toBe(410);
});

test.afterAll(async () => {
  await server?.stop();
  await standIn.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// A closed job's page is answered with 410, which the browser reports as a failed load.
test.use({ allowConsoleErrors: ['status of 410'] });

for (const theme of themes) {
  test(`the feed's list, job pages and closed job pass axe in the ${theme} theme, in every language`, async ({
    page,
  }) => {
    test.setTimeout(languageCodes.length * 4 * 10_000);
    await skipCookieBanner(page);
    await useTheme(page, theme);
    const problems: string[] = [];
    for (const lng of languageCodes) {
      const jobs = localeTexts(lng, 'jobs');
      const german = shownInGerman(lng);
      const visits: Visit[] = [
        { label: `${lng} list`, address: pageHref('jobs', lng), status: 200, cards: open.length },
        {
          label: `${lng} job`,
          address: jobAddress(inEveryLanguage.id, lng),
          status: 200,
          title: inEveryLanguage.texts[lng]?.name,
        },
        ...(german
          ? [
              {
                label: `${lng} job shown in German`,
                address: jobAddress(german.id, lng),
                status: 200,
                title: german.texts[defaultLanguage]?.name,
                lang: defaultLanguage,
              },
            ]
          : []),
        { label: `${lng} closed job`, address: jobAddress(closed.id, lng), status: 410, title: jobs.filled.title },
      ];
      for (const visit of visits) {
        const response = await page.goto(`${server.url}${visit.address}`);
        expect(response?.status(), visit.label).toBe(visit.status);
        const heading = page.locator('main h1');
        if (visit.title) await expect(heading, visit.label).toHaveText(visit.title);
        if (visit.lang) await expect(heading, visit.label).toHaveAttribute('lang', visit.lang);
        else await expect(heading, visit.label).not.toHaveAttribute('lang');
        if (visit.cards)
          await expect(page.getByRole('tabpanel').locator('article'), visit.label).toHaveCount(visit.cards);
        problems.push(...(await headingProblems(page, visit.label)), ...(await axeViolations(page, visit.label)));
      }
    }
    expect(problems).toEqual([]);
  });
}
