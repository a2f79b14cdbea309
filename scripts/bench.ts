/**
 * `npm run bench`: builds, starts the server, and measures Lighthouse (mobile)
 * on every route and language, each page run by run beside the same page with
 * its scripts blocked, in one browser: absolute figures move with the shared
 * machine, the distance between the two is what the scripts cost. Also bytes
 * per route, both form endpoints under load next to the raw durable SQLite
 * rate, and static serving; the last Preact figures (docs/benchmarks-preact.json)
 * stand beside the new ones. Prints a table and writes docs/benchmarks.md and
 * docs/benchmarks.json.
 *
 *   npm run bench -- --no-build --runs 1 --routes /,/jobs --languages de
 *
 * Given --routes or --languages, it measures those pages in Lighthouse only and prints them:
 * docs/ keep the last full run.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync, execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { apiPaths } from '../common/api-paths';
import { defaultLanguage, isLanguage, languageCodes } from '../common/languages';
import { localizedPath, pageHref } from '../common/page-urls';
import { sitePages } from '../common/site-pages';
import { storeContactMessage } from '../server/contact/messages';
import { migrateToLatest, openDatabase } from '../server/db/database';
import { requestSignUp } from '../server/newsletter/subscriptions';
import { addressHasher } from '../server/privacy/address-hash';
import {
  budgets,
  isLegalTexts,
  isIslandChunk,
  isTexts,
  kilobytes,
  measurePages,
  total,
  type PageBundle,
} from './bundle-report';
import { chromiumFlags, chromiumPath } from './chromium';
import { runBenchSections, type BenchSectionResult } from './bench/sections';
import {
  check,
  goalRow,
  lighthousePair,
  load,
  ms,
  startServer,
  table,
  tableRow,
  type LighthouseFigures,
  type LoadFigures,
} from './bench/support';

const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
    languages: { type: 'string' },
    /** Only these sections of scripts/bench/sections.ts (comma-separated ids), without the Lighthouse table of every page. */
    only: { type: 'string' },
  },
});
const runs = Number(options.runs);
const routes = options.routes ? options.routes.split(',') : sitePages.map((page) => page.path);
const languages = options.languages ? options.languages.split(',') : [...languageCodes];
/** A route in a language as a visitor asks for it: the German home with its explicit choice, since `/` chooses by itself. */
const pageAddress = (route: string, lng: string) =>
  route === '/' && lng === defaultLanguage
    ? pageHref('home', lng)
    : localizedPath(route, isLanguage(lng) ? lng : defaultLanguage);

/** Pages whose LCP must stay within 1.1 × the same page without scripts (docs/decisions/0015-islands-of-react.md). */
const lcpRoutes = ['/', '/services', '/jobs', '/privacy'];

let sequence = 0;
const contactBody = () =>
  JSON.stringify({
    name: 'Bench Mark',
    email: `bench${++sequence}@example.com`,
    subject: 'Load test',
    message: 'We would like to import 20 tonnes of cocoa beans. Please send us an offer.',
    language: defaultLanguage,
  });
const newsletterBody = () => JSON.stringify({ email: `reader${++sequence}@example.com`, language: defaultLanguage });
const json = { 'content-type': 'application/json' };

/** The same durable transactions as the endpoints, one after another, without HTTP: the ceiling for the endpoints. */
async function rawSqliteRates(): Promise<{ contact: number; newsletter: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-raw-'));
  const handle = openDatabase({ kind: 'sqlite', file: path.join(dir, 'site.db') });
  await migrateToLatest(handle.db);
  const rate = async (operation: () => Promise<unknown>) => {
    const started = performance.now();
    let count = 0;
    while (performance.now() - started < 5000) {
      await operation();
      count++;
    }
    return Math.round(count / ((performance.now() - started) / 1000));
  };
  const context = {
    mailFrom: 'site@westbridge.example',
    contactTo: 'info@westbridge.example',
    host: 'westbridge.example',
    hash: addressHasher(randomBytes(32)),
  };
  const contact = await rate(() =>
    storeContactMessage(
      handle.db,
      JSON.parse(contactBody()) as Parameters<typeof storeContactMessage>[1],
      defaultLanguage,
      context,
    ),
  );
  // What the endpoint itself writes; the outbox carries the sign-up out later.
  const newsletter = await rate(() => requestSignUp(handle.db, `raw${++sequence}@example.com`, defaultLanguage));
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
  return { contact, newsletter };
}

// ---------------------------------------------------------------- report

function bytesSection(bundles: PageBundle[]): { markdown: string; data: unknown[] } {
  const data = bundles.map((bundle) => {
    const js = total(bundle.scripts);
    const css = total(bundle.styles);
    const texts = total(bundle.scripts.filter(isTexts));
    const islandChunks = bundle.scripts.filter(isIslandChunk);
    return {
      path: bundle.path,
      lng: bundle.lng,
      js,
      css,
      texts,
      islands: islandChunks.map((file) => ({ file: file.file, gzip: file.gzip })),
      legalTexts: bundle.scripts.filter(isLegalTexts).map((file) => file.file),
      chunks: bundle.scripts.map((file) => file.file),
    };
  });
  const rows = data.map((page) => [
    `${page.path} (${page.lng})`,
    `${kilobytes(page.js.gzip)} / ${kilobytes(page.js.brotli)}`,
    `${kilobytes(page.css.gzip)} / ${kilobytes(page.css.brotli)}`,
    page.islands.length
      ? `${page.islands.length}, largest ${kilobytes(Math.max(...page.islands.map((file) => file.gzip)))}`
      : '–',
    kilobytes(page.texts.gzip),
    page.chunks.length,
  ]);
  const markdown = table(
    ['page', 'JS gzip / br', 'CSS gzip / br (render-blocking)', 'island chunks', 'texts gzip', 'JS files'],
    rows,
  );
  return { markdown, data };
}

async function main(): Promise<void> {
  // What is measured is what production runs: React's production build in the pages and the servers.
  if (process.env.NODE_ENV !== undefined && process.env.NODE_ENV !== 'production')
    throw new Error(`The bench measures production builds; it was started with NODE_ENV=${process.env.NODE_ENV}`);
  if (!options['no-build']) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const startedAt = new Date();
  const machine = {
    date: startedAt.toISOString(),
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium: execFileSync(chromiumPath, ['--version'], { encoding: 'utf8' }).trim(),
    lighthouse: (
      JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }
    ).version,
  };
  console.log(`Benchmark on ${machine.cpu}, ${machine.memory}, ${machine.node}, ${machine.chromium}`);

  const bundles = measurePages(path.join(root, 'dist')).filter(
    (bundle) => routes.includes(bundle.path) && languages.includes(bundle.lng),
  );
  const bytes = bytesSection(bundles);
  console.log(`\nBytes per route (gzip / brotli)\n${bytes.markdown}`);

  const site = await startServer(root, { FORM_RATE_LIMIT: '1000000' });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    // The pictures section measures nginx over TLS with a certificate made for the run.
    chromeFlags: ['--headless=new', '--ignore-certificate-errors', ...chromiumFlags],
  });

  try {
    const context = { root, runs, languages, chromePort: chrome.port };
    if (options.only) {
      writeSections(machine, await runBenchSections(context, options.only.split(',')));
      return;
    }

    // Lighthouse, every route and language, each beside itself without scripts.
    const pages: PageResult[] = [];
    for (const lng of languages) {
      for (const route of routes) {
        const { site: result, blocked } = await lighthousePair(
          `${site.url}${pageAddress(route, lng)}`,
          chrome.port,
          site.url,
          runs,
        );
        pages.push({ path: route, lng, noindex: noindexRoutes.has(route), ...result, blocked });
        console.log(
          `${route} (${lng}): ${result.performance}/${result.accessibility}/${result.bestPractices}/${result.seo}  FCP ${ms(result.fcp)}  LCP ${ms(result.lcp)}  TBT ${ms(result.tbt)}  CLS ${result.cls.toFixed(3)}` +
            `  | without scripts: ${blocked.performance}  LCP ${ms(blocked.lcp)}  TBT ${ms(blocked.tbt)}${result.failedAudits.length ? `  failed: ${result.failedAudits.join(', ')}` : ''}`,
        );
      }
    }

    if (options.routes || options.languages) {
      console.log('\nSome pages only (--routes, --languages): nothing else measured, docs/ unchanged.');
      return;
    }

    // Form endpoints under load, next to the raw durable transaction.
    const raw = await rawSqliteRates();
    console.log(`raw durable SQLite: contact ${raw.contact}/s, newsletter ${raw.newsletter}/s`);
    const endpoints: { endpoint: string; raw: number; runs: LoadFigures[] }[] = [];
    for (const [endpoint, body, rawRate] of [
      [apiPaths.contact, contactBody, raw.contact],
      [apiPaths.newsletter, newsletterBody, raw.newsletter],
    ] as const) {
      const figures: LoadFigures[] = [];
      for (const connections of [10, 50]) {
        // A fresh server and database per row, so no row inherits the previous one's outbox backlog.
        const server = await startServer(root, { FORM_RATE_LIMIT: '1000000' });
        const result = await load(`${server.url}${endpoint}`, connections, () => ({
          method: 'POST',
          body: body(),
          headers: json,
        }));
        await server.stop();
        figures.push(result);
        console.log(
          `${endpoint} at ${connections} connections: ${result.requestsPerSecond}/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
        );
      }
      endpoints.push({ endpoint, raw: rawRate, runs: figures });
    }

    // Static serving.
    const home = bundles.find((bundle) => bundle.path === '/');
    const asset = home?.scripts[0]?.file;
    const statics: { target: string; figures: LoadFigures }[] = [];
    for (const target of [pageHref('home', defaultLanguage), ...(asset ? [`/${asset}`] : [])]) {
      const figures = await load(`${site.url}${target}`, 10, () => ({ headers: { 'accept-encoding': 'br, gzip' } }));
      statics.push({ target, figures });
      console.log(`GET ${target}: ${figures.requestsPerSecond}/s, p99 ${figures.p99} ms`);
    }

    const sections = await runBenchSections(context);

    writeReport({ machine, bytes, pages, endpoints, statics, bundles, sections });
  } finally {
    chrome.kill();
    await site.stop();
  }
}

interface PageResult extends LighthouseFigures {
  path: string;
  lng: string;
  /** Marked noindex by design (the newsletter pages): SEO cannot be 100. */
  noindex: boolean;
  blocked: LighthouseFigures;
}

const noindexRoutes = new Set(sitePages.filter((page) => !page.sitemap).map((page) => page.path as string));

interface PreactReference {
  machine: Record<string, string>;
  pages: { path: string; lng: string; performance: number; tbt: number; lcp: number }[];
  homeJsGzip: Record<string, number>;
}

function readPreactReference(): PreactReference | null {
  try {
    return JSON.parse(readFileSync(path.join(root, 'docs/benchmarks-preact.json'), 'utf8')) as PreactReference;
  } catch {
    return null;
  }
}

interface Report {
  machine: Record<string, string>;
  bytes: { markdown: string; data: unknown[] };
  pages: PageResult[];
  endpoints: { endpoint: string; raw: number; runs: LoadFigures[] }[];
  statics: { target: string; figures: LoadFigures }[];
  bundles: PageBundle[];
  sections: BenchSectionResult[];
}

function writeReport({ machine, bytes, pages, endpoints, statics, bundles, sections }: Report): void {
  const homeJs = Math.max(
    ...bundles.filter((bundle) => bundle.path === '/').map((bundle) => total(bundle.scripts).gzip),
  );
  const legalInHome = bundles
    .filter((bundle) => bundle.path === '/')
    .some((bundle) => bundle.scripts.some(isLegalTexts));
  const worst = (pick: (page: PageResult) => number) => Math.max(...pages.map(pick));
  const atHundred = pages.filter((page) => page.performance === 100).length;
  const lcpPages = pages.filter((page) => lcpRoutes.includes(page.path));
  const lcpRatio = (page: PageResult) => page.lcp / page.blocked.lcp;
  const perfGap = (page: PageResult) => (page.blocked.performance - page.performance) / 100;
  const tbtGap = (page: PageResult) => page.tbt - page.blocked.tbt;
  const indexed = pages.filter((page) => !page.noindex);
  const largestIslandChunk = Math.max(
    ...bundles.flatMap((bundle) => bundle.scripts.filter(isIslandChunk).map((file) => file.gzip)),
  );
  const largestCss = Math.max(...bundles.map((bundle) => total(bundle.styles).gzip));
  const preact = readPreactReference();

  const goals = table(
    ['goal', 'measured', 'met'],
    [
      [
        'performance ≥ 98 on every page',
        `lowest ${Math.min(...pages.map((page) => page.performance))}`,
        check(pages.every((page) => page.performance >= 98)),
      ],
      [
        `performance 100 on at least ${Math.ceil((40 / 48) * pages.length)} of ${pages.length} pages`,
        `${atHundred} pages`,
        check(atHundred >= Math.ceil((40 / 48) * pages.length)),
      ],
      [
        'accessibility 100 everywhere',
        `lowest ${Math.min(...pages.map((page) => page.accessibility))}`,
        check(pages.every((page) => page.accessibility === 100)),
      ],
      [
        'best practices 100 everywhere',
        `lowest ${Math.min(...pages.map((page) => page.bestPractices))}`,
        check(pages.every((page) => page.bestPractices === 100)),
      ],
      [
        'SEO 100 except the noindex pages',
        `lowest ${Math.min(...indexed.map((page) => page.seo))} (noindex pages: ${[...new Set(pages.filter((page) => page.noindex).map((page) => page.seo))].join(', ') || '–'})`,
        check(indexed.every((page) => page.seo === 100)),
      ],
      ['CLS 0', `worst ${worst((page) => page.cls).toFixed(3)}`, check(worst((page) => page.cls) === 0)],
      [
        'worst TBT ≤ 100 ms',
        `${ms(worst((page) => page.tbt))} (without scripts: worst ${ms(worst((page) => page.blocked.tbt))})`,
        check(worst((page) => page.tbt) <= 100),
      ],
      [
        'LCP ≤ 1.1 × without scripts on /, /services, /jobs, /privacy',
        lcpPages.map((page) => `${page.path} (${page.lng}) ${lcpRatio(page).toFixed(2)}`).join(', ') || '–',
        check(lcpPages.every((page) => lcpRatio(page) <= 1.1)),
      ],
      [
        'performance within 0.03 of the page without scripts',
        `largest gap ${Math.max(...pages.map(perfGap)).toFixed(2)}`,
        check(pages.every((page) => perfGap(page) <= 0.03)),
      ],
      [
        'TBT within 100 ms of the page without scripts',
        `largest gap ${ms(Math.max(...pages.map(tbtGap)))}`,
        check(pages.every((page) => tbtGap(page) <= 100)),
      ],
      [
        'home initial JS ≤ 110 KB gzip (limit 150 KB in npm test)',
        kilobytes(homeJs),
        check(homeJs <= budgets.homeInitialJsGoal),
      ],
      ['legal texts never in the home bundle', legalInHome ? 'present' : 'absent', check(!legalInHome)],
      [
        'render-blocking CSS ≤ 15 KB gzip',
        `largest ${kilobytes(largestCss)}`,
        check(largestCss <= budgets.renderBlockingCss),
      ],
      [
        'no third-party requests before consent',
        `${pages.reduce((sum, page) => sum + page.thirdPartyRequests, 0)} requests`,
        check(pages.every((page) => page.thirdPartyRequests === 0)),
      ],
      [
        'fonts self-hosted or system fonts',
        `${worst((page) => page.fontRequests)} font requests (system fonts)`,
        check(pages.every((page) => page.fontRequests === 0)),
      ],
      [
        'LCP image never lazy',
        pages.every((page) => page.lcpNotLazy) ? 'never lazy' : 'lazy on some page',
        check(pages.every((page) => page.lcpNotLazy)),
      ],
      [
        'each island chunk ≤ 10 KB gzip',
        `largest ${kilobytes(largestIslandChunk)}`,
        check(largestIslandChunk <= budgets.islandChunk),
      ],
      ...endpoints.flatMap((endpoint) => {
        const ten = endpoint.runs.find((run) => run.connections === 10);
        return ten
          ? [
              [
                `${endpoint.endpoint} ≥ 50% of raw durable SQLite rate`,
                `${ten.requestsPerSecond}/s vs ${endpoint.raw}/s (${Math.round((100 * ten.requestsPerSecond) / endpoint.raw)}%)`,
                check(ten.requestsPerSecond >= endpoint.raw / 2),
              ],
              [`${endpoint.endpoint} p99 ≤ 25 ms at 10 connections`, `${ten.p99} ms`, check(ten.p99 <= 25)],
            ]
          : [];
      }),
      ...sections.flatMap((section) => section.goals.map(goalRow)),
    ],
  );

  const lighthouseTable = table(
    ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'transferred', 'not 100 because'],
    pages.map((page) => [
      `${page.path} (${page.lng})`,
      page.performance,
      page.accessibility,
      page.bestPractices,
      page.seo,
      ms(page.fcp),
      ms(page.lcp),
      ms(page.tbt),
      page.cls.toFixed(3),
      ms(page.si),
      kilobytes(page.bytes),
      page.failedAudits.join(', ') || '–',
    ]),
  );
  const preactPage = (page: PageResult) =>
    preact?.pages.find((candidate) => candidate.path === page.path && candidate.lng === page.lng);
  const pairTable = table(
    [
      'page',
      'perf',
      'without scripts',
      'Preact build',
      'TBT',
      'without scripts',
      'Preact build',
      'LCP',
      'without scripts',
      'ratio',
      'Preact build',
    ],
    pages.map((page) => {
      const before = preactPage(page);
      return [
        `${page.path} (${page.lng})`,
        page.performance,
        page.blocked.performance,
        before?.performance ?? '–',
        ms(page.tbt),
        ms(page.blocked.tbt),
        before ? ms(before.tbt) : '–',
        ms(page.lcp),
        ms(page.blocked.lcp),
        lcpRatio(page).toFixed(2),
        before ? ms(before.lcp) : '–',
      ];
    }),
  );
  const endpointTable = table(
    ['endpoint', 'connections', 'requests/s', 'p50', 'p99', 'non-2xx', 'errors', 'raw durable SQLite/s'],
    endpoints.flatMap((endpoint) =>
      endpoint.runs.map((run) => [
        endpoint.endpoint,
        run.connections,
        run.requestsPerSecond,
        ms(run.p50),
        ms(run.p99),
        run.non2xx,
        run.errors,
        endpoint.raw,
      ]),
    ),
  );
  const staticTable = table(
    ['GET', 'connections', 'requests/s', 'p50', 'p99'],
    statics.map(({ target, figures }) => [
      target,
      figures.connections,
      figures.requestsPerSecond,
      ms(figures.p50),
      ms(figures.p99),
    ]),
  );
  const chunkList = bundles
    .filter((bundle) => bundle.lng === (languages[0] ?? defaultLanguage))
    .map(
      (bundle) =>
        `- \`${bundle.path}\`: ${bundle.scripts.map((file) => `${file.source ?? file.file} (${kilobytes(file.gzip)})`).join(', ')}`,
    )
    .join('\n');

  const markdown = `# Benchmarks

Written by \`npm run bench\` on ${(machine.date ?? '').slice(0, 10)}. Do not edit by hand.

Machine: ${machine.cpu}, ${machine.memory}, ${machine.os}; Node ${machine.node}; ${machine.chromium}; Lighthouse ${machine.lighthouse}
(mobile preset, simulated throttling, median of ${runs} runs per page). Load: autocannon for 10 s per row,
on the same machine as the server, durable writes on (SQLite WAL, synchronous=FULL); each form row on a
fresh server and database, whose outbox delivers the queued mails (as .eml files) during the run.

## Goals

${goals}

## Lighthouse, every route and language

${lighthouseTable}

## Beside the same page without scripts, and beside the Preact build

Each page was measured run by run beside itself with its scripts blocked (Lighthouse's \`blockedUrlPatterns\` for \`/assets/*.js\`),
in the same browser: that pair meets the same load on this shared machine, so the distance is what the scripts cost.
The Preact columns are the last full run of the Preact build (${
    preact
      ? `${preact.machine.date?.slice(0, 10) ?? ''}, ${preact.machine.cpu ?? ''}, home JS ${Object.values(
          preact.homeJsGzip,
        )
          .map((bytes) => kilobytes(bytes))
          .join(' / ')}`
      : 'not found'
  }), from \`docs/benchmarks-preact.json\`:
a different sitting, so compare them with care.

${pairTable}

## Bytes per route

Loaded before the page runs: the entry script with its module preloads, and the render-blocking stylesheet.

${bytes.markdown}

Chunks per route (${languages[0] ?? defaultLanguage}):

${chunkList}

## Form endpoints

${endpointTable}

## Static pages and assets

${staticTable}
${sections.map((section) => `\n## ${section.title}\n\n${section.markdown}\n`).join('')}`;
  mkdirSync(path.join(root, 'docs'), { recursive: true });
  writeFileSync(path.join(root, 'docs/benchmarks.md'), markdown);
  writeFileSync(
    path.join(root, 'docs/benchmarks.json'),
    `${JSON.stringify(
      {
        machine,
        runs,
        pages,
        bytes: bytes.data,
        endpoints,
        statics,
        sections: Object.fromEntries(sections.map((section) => [section.id, section.data])),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\n${goals}\n\nWrote docs/benchmarks.md and docs/benchmarks.json.`);
}

/**
 * `--only`: the sections measured are put into docs/benchmarks.md and .json in place of their last
 * figures (or added), marked as measured alone; the rest stays as the last full run wrote it.
 */
function writeSections(machine: Record<string, string>, sections: BenchSectionResult[]): void {
  const markdownFile = path.join(root, 'docs/benchmarks.md');
  const jsonFile = path.join(root, 'docs/benchmarks.json');
  let markdown = readFileSync(markdownFile, 'utf8');
  const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as { sections?: Record<string, unknown> };
  for (const section of sections) {
    // The summary's rows of this section's goals take the new figures too, marked as such.
    const goalLines = new Map(
      section.goals.map((goal) => [
        `| ${goal.goal} |`,
        tableRow(goalRow({ ...goal, measured: `${goal.measured} (measured alone)` })),
      ]),
    );
    const lines = markdown.split('\n');
    const lineOf = (start: string) => lines.findIndex((line) => line.startsWith(`${start} `));
    // A goal the last full run did not have yet goes beside this section's other goals, in their order.
    let at = [...goalLines.keys()].map(lineOf).find((index) => index !== -1) ?? -1;
    for (const [start, row] of at === -1 ? [] : goalLines) {
      const index = lineOf(start);
      if (index === -1) lines.splice(at++, 0, row);
      else [lines[index], at] = [row, index + 1];
    }
    markdown = lines.join('\n');
    const block = `## ${section.title}\n\nMeasured alone (\`--only ${section.id}\`) on ${(machine.date ?? '').slice(0, 10)}, ${machine.cpu}, Lighthouse runs per page: ${runs}; the rest of this file is from the last full run.\n\n${section.markdown}\n`;
    const start = markdown.indexOf(`\n## ${section.title}\n`);
    if (start === -1) markdown = `${markdown.trimEnd()}\n\n${block}`;
    else {
      const next = markdown.indexOf('\n## ', start + 1);
      markdown = `${markdown.slice(0, start + 1)}${block}${next === -1 ? '' : markdown.slice(next)}`;
    }
    report.sections = { ...report.sections, [section.id]: { measuredAlone: machine, data: section.data } };
  }
  writeFileSync(markdownFile, markdown);
  writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nWrote ${sections.map((section) => section.id).join(', ')} into docs/benchmarks.md and docs/benchmarks.json.`,
  );
}

await main();
