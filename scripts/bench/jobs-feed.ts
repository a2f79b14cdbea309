/**
 * Bench section "jobs-feed" (docs/decisions/0027-jobs-from-personio.md,
 * docs/decisions/0037-jobs-pages-rendered-in-a-worker.md): instances reading a local Personio
 * stand-in with invented positions (server/test/personio-fixtures.ts, ads of about 2 KB of HTML),
 * measured through their pages and GET /metrics: Lighthouse on the list and a job's page, whether
 * a page carries a job's full text twice, and what a whole new set of 200 positions does to the
 * other requests of the instance that reads it, beside an instance without a feed.
 */
import { defaultLanguage, languageCodes } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { fixturePositions } from '../../server/test/personio-fixtures';
import { PersonioStandIn } from '../../server/test/personio-stand-in';
import type { BenchSection } from './sections';
import { answerTimes, lighthousePair, loopLag, ms, pause, scores, startServer, stopping } from './support';
import { table, textOf, until, type RunningServer } from './support';

const [many, some, refreshSeconds] = [200, 50, 5];
const [lng = defaultLanguage] = languageCodes.filter((code) => code !== defaultLanguage);
const [listPath, aboutPath] = [pageHref('jobs', lng), pageHref('about', lng)];
const jobPath = (id: string) => pageHref('jobs', lng, { variant: { job: id } });
const lists = languageCodes.map((code) => pageHref('jobs', code));

/** An instance reading its own stand-in with `count` positions every `seconds`, once its list shows them all. */
async function feedServer(root: string, count: number, seconds: number) {
  const standIn = new PersonioStandIn();
  standIn.positions = fixturePositions(count);
  const env = { JOBS_FEED_URL: await standIn.start(), JOBS_FEED_REFRESH_SECONDS: String(seconds) };
  const server = await startServer(root, env);
  await until(async () => (await textOf(server, listPath)).includes(`job=${fixturePositions(count).at(-1)?.id}"`), 60);
  return { standIn, server, stop: () => server.stop().then(() => standIn.stop()) };
}

/**
 * A job's full text (told by a line of its last section, the offer, which no teaser reaches) must be
 * on no list, in no island's props, and on the job's own page as text; three own pages are read.
 */
async function textsTwice(server: RunningServer) {
  const texts = fixturePositions(many).map((position) => ({
    id: position.id,
    line: /<li>([^<]*)<\/li>/.exec((position.texts[lng] ?? position.texts.de)?.sections.at(-1)?.value ?? '')?.[1],
  }));
  const page = async (address: string) => (await textOf(server, address)).replace(/&#x27;|&#39;/g, "'");
  const list = await page(listPath);
  const inList = texts.filter(({ line }) => !line || list.includes(line)).length;
  let [shown, inProps] = [0, 0];
  for (const { id, line = '' } of [texts[0], texts[many / 2], texts[many - 1]].flatMap((each) => each ?? [])) {
    const html = await page(jobPath(id));
    if (html.replace(/data-props="[^"]*"/g, '').includes(line)) shown++;
    if ([...html.matchAll(/data-props="([^"]*)"/g)].some(([, props]) => props?.includes(line))) inProps++;
  }
  return { inList, shown, inProps };
}

/** A whole new set of positions for the instance reading every few seconds, while visitors ask for pages of both. */
async function change(feed: Awaited<ReturnType<typeof feedServer>>, plain: RunningServer) {
  const next = fixturePositions(many, { seed: 27 });
  const first = next[0]?.texts[lng];
  if (!first) throw new Error('the first position has no text in the list’s language');
  first.name = 'Senior Cocoa Trader (bench)';
  await Promise.all([loopLag(feed.server), loopLag(plain)]);
  let done = false;
  const started = performance.now();
  feed.standIn.positions = next;
  const visits = Promise.all([
    answerTimes(feed.server, [aboutPath], 5, () => done),
    answerTimes(plain, [aboutPath], 5, () => done),
    answerTimes(feed.server, lists, 100, () => done),
    answerTimes(plain, lists, 100, () => done),
  ]);
  await until(async () => (await textOf(feed.server, listPath)).includes(first.name), 60);
  const shownAfter = performance.now() - started;
  await pause(3_000);
  done = true;
  const [other, reference, listed, referenceListed] = await visits;
  const [lag, referenceLag] = [await loopLag(feed.server), await loopLag(plain)];
  return { shownAfter, other, reference, listed, referenceListed, lag, referenceLag };
}

export const jobsFeedSection: BenchSection = {
  id: 'jobs-feed',
  title: `Jobs from a Personio feed: ${many} positions × 3 languages`,
  run: ({ root, runs, chromePort }) =>
    stopping(async (keep) => {
      const builtIn = keep(await startServer(root));
      const fifty = keep(await feedServer(root, some, 600)).server;
      const feed = keep(await feedServer(root, many, refreshSeconds));
      const pair = async (server: RunningServer, address: string, jobs: string) => {
        const figures = await lighthousePair(`${server.url}${address}`, chromePort, server.url, runs);
        console.log(`${address} (${jobs}): ${scores(figures.site)}, TBT ${ms(figures.site.tbt)}`);
        return { address, jobs, ...figures };
      };
      const hundreds = [
        await pair(builtIn, listPath, 'built-in'),
        await pair(builtIn, jobPath(/\?job=([\w-]+)"/.exec(await textOf(builtIn, listPath))?.[1] ?? ''), 'built-in'),
        await pair(fifty, listPath, `${some} from the feed`),
        await pair(fifty, jobPath(fixturePositions(1)[0]?.id ?? ''), `${some} from the feed`),
      ];
      const full = await pair(feed.server, listPath, `${many} from the feed`);
      const { site, blocked } = full;
      const twice = await textsTwice(feed.server);
      const changed = await change(feed, builtIn);
      const goals = [
        {
          goal: 'Lighthouse 100 in all four on /jobs and a job’s page, with the built-in jobs and with 50 from the feed',
          measured: hundreds
            .map((each) => `${each.address.replace(/\?job=.*/, '?job=…')} (${each.jobs}) ${scores(each.site)}`)
            .join(', '),
          met: hundreds.every((each) => scores(each.site) === '100/100/100/100'),
        },
        {
          goal: `/en/jobs with ${many} jobs: performance within 0.03 and TBT within 100 ms of the page without scripts`,
          measured: `${site.performance} vs ${blocked.performance}, TBT ${ms(site.tbt)} vs ${ms(blocked.tbt)}`,
          met: blocked.performance - site.performance <= 3 && site.tbt - blocked.tbt <= 100,
        },
        {
          goal: 'no page carries a job’s full text twice (the list none at all, a job’s page not in its props)',
          measured: `list: ${twice.inList} of ${many} jobs; own pages: text shown on ${twice.shown} of 3, in props on ${twice.inProps}`,
          met: twice.inList === 0 && twice.inProps === 0 && twice.shown === 3,
        },
        {
          goal: `reading ${many} positions and rendering their lists holds up no request: the instance's event loop waits ≤ 100 ms longer at a time than one without a feed`,
          measured: `${ms(changed.lag)} vs ${ms(changed.referenceLag)} (GET /metrics, nodejs_eventloop_lag_max_seconds)`,
          met: changed.lag - changed.referenceLag <= 100,
        },
        {
          goal: 'another page while the feed changes: longest answer ≤ 100 ms above an instance without a feed',
          measured: `${ms(changed.other.max)} vs ${ms(changed.reference.max)}`,
          met: changed.other.max - changed.reference.max <= 100,
        },
      ];
      const rows = [...hundreds, full].map((each) => [
        each.address,
        each.jobs,
        ...[each.site, each.blocked].flatMap((f) => [scores(f), ms(f.lcp), ms(f.tbt)]),
      ]);
      const markdown = `${table(['page', 'jobs', 'scores', 'LCP', 'TBT', 'without scripts', 'LCP', 'TBT'], rows)}

A whole new set of ${many} positions, read every ${refreshSeconds} s, showed after ${ms(changed.shownAfter)}. Meanwhile and for 3 s more, visitors asked this instance and one without a feed (in brackets) for ${aboutPath} every 5 ms: ${changed.other.summary} (${changed.reference.summary}); and for the three lists every 100 ms: ${changed.listed.summary} (${changed.referenceListed.summary}). The longest wait of the event loop (GET /metrics): ${ms(changed.lag)} (${ms(changed.referenceLag)}).`;
      return { markdown, goals, data: { lighthouse: [...hundreds, full], twice, change: changed } };
    }),
};
