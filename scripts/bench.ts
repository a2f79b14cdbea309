/**
 * `npm run bench`: builds, starts the server, and measures what the Performance
 * issue asks for: Lighthouse on every route and language, the home, services,
 * jobs and privacy pages against their scripts-removed and client-only forms,
 * bytes per route, both form endpoints under load next to the raw durable
 * SQLite rate, and static serving. Prints a table and writes
 * docs/benchmarks.md and docs/benchmarks.json.
 *
 *   npm run bench -- --no-build --runs 1 --routes /,/jobs --languages de
 */
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as Lhr } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { languageCodes } from '../common/languages';
import { sitePages } from '../common/site-pages';
import { storeContactMessage } from '../server/contact/messages';
import { migrateToLatest, openDatabase } from '../server/db/database';
import { requestSignUp } from '../server/newsletter/subscriptions';
import { budgets, isLegalTexts, isPageChunk, isTexts, kilobytes, measurePages, total, type PageBundle } from './bundle-report';

const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
    languages: { type: 'string' },
  },
});
const runs = Number(options.runs);
const routes = options.routes ? options.routes.split(',') : sitePages.map((page) => page.path);
const languages = options.languages ? options.languages.split(',') : [...languageCodes];
const comparedRoutes = ['/', '/services', '/jobs', '/privacy'].filter((route) => routes.includes(route));
const chromium = '/usr/bin/chromium';

// ---------------------------------------------------------------- servers

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the built server of the project in `projectDir` (the real `node dist/server/index.js`). */
async function startServer(projectDir: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const child = spawn(process.execPath, [path.join(projectDir, 'dist/server/index.js')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Defaults are fine here: show the server's errors, not its warnings about unset settings.
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = chunk.toString().split('\n').filter((line) => line.trim() && !/ is not set; using /.test(line));
    if (lines.length) process.stderr.write(`${lines.join('\n')}\n`);
  });
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 100 || child.exitCode !== null) throw new Error(`The server in ${projectDir} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Variant = 'site' | 'no-scripts' | 'client-only';

/** A copy of the built site whose pages are changed the way `variant` says, to compare against. */
function variantProject(variant: Exclude<Variant, 'site'>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${variant}-`));
  cpSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true });
  const pagesDir = path.join(dir, 'dist/pages');
  for (const lng of readdirSync(pagesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const name of readdirSync(path.join(pagesDir, lng.name))) {
      const file = path.join(pagesDir, lng.name, name);
      let html = readFileSync(file, 'utf8');
      if (variant === 'no-scripts') {
        // The physical limit: the same markup and styles, no script at all.
        html = html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
      } else {
        // A plain single-page app: the same scripts and an empty root.
        const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
        const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
        html = html.slice(0, start) + html.slice(end);
      }
      writeFileSync(file, html);
    }
  }
  return dir;
}

// ---------------------------------------------------------------- Lighthouse

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytes: number;
  /** Requests to other origins than the site's own, on a first visit without consent. */
  thirdPartyRequests: number;
  fontRequests: number;
  /** Lighthouse's "LCP image was not lazily loaded" audit passed (or there is no LCP image). */
  lcpNotLazy: boolean;
  failedAudits: string[];
}

function figures(lhr: Lhr, origin: string): LighthouseFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ??
    []) as { url: string; resourceType?: string }[];
  const failedAudits = Object.values(lhr.categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs.map((ref) => ({ category: category.id, audit: lhr.audits[ref.id] })))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
    .map(({ category, audit }) => `${category}:${audit?.id ?? ''}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    si: numeric('speed-index'),
    bytes: numeric('total-byte-weight'),
    thirdPartyRequests: requests.filter((request) => /^https?:/.test(request.url) && !request.url.startsWith(origin)).length,
    fontRequests: requests.filter((request) => request.resourceType === 'Font').length,
    lcpNotLazy: (lhr.audits['lcp-lazy-loaded']?.score ?? 1) === 1,
    failedAudits,
  };
}

async function lighthouseMedian(url: string, port: number, origin: string): Promise<LighthouseFigures> {
  const results: Lhr[] = [];
  let failures = 0;
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const problem = result ? result.lhr.runtimeError?.message : 'no result';
    if (!result || problem) {
      // A lost trace (NO_NAVSTART) happens now and then on a busy machine: measure that run again.
      if (++failures > 3) throw new Error(`Lighthouse failed on ${url}: ${problem ?? 'no result'}`);
      console.warn(`Lighthouse: ${problem ?? 'no result'} on ${url}; measuring again`);
      run--;
      continue;
    }
    results.push(result.lhr);
  }
  return figures(computeMedianRun(results), origin);
}

// ---------------------------------------------------------------- load

interface LoadFigures {
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, connections: number, request: () => { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> }): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections,
    duration: 10,
    requests: [
      {
        setupRequest: (base) => {
          const next = request();
          return { ...base, method: next.method ?? 'GET', body: next.body, headers: { ...base.headers, ...next.headers } };
        },
      },
    ],
  });
  return {
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

let sequence = 0;
const contactBody = () =>
  JSON.stringify({
    name: 'Bench Mark',
    email: `bench${++sequence}@example.com`,
    subject: 'Load test',
    message: 'We would like to import 20 tonnes of cocoa beans. Please send us an offer.',
    language: 'en',
  });
const newsletterBody = () => JSON.stringify({ email: `reader${++sequence}@example.com`, language: 'de' });
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
  const context = { mailFrom: 'site@westbridge.example', contactTo: 'info@westbridge.example', host: 'westbridge.example' };
  const contact = await rate(() =>
    storeContactMessage(handle.db, JSON.parse(contactBody()) as Parameters<typeof storeContactMessage>[1], 'en', context),
  );
  // What the endpoint itself writes; the outbox carries the sign-up out later.
  const newsletter = await rate(() => requestSignUp(handle.db, `raw${++sequence}@example.com`, 'de'));
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
  return { contact, newsletter };
}

// ---------------------------------------------------------------- report

const ms = (value: number) => `${Math.round(value)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: (string | number)[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
const check = (ok: boolean) => (ok ? 'yes' : '**no**');

function bytesSection(bundles: PageBundle[]): { markdown: string; data: unknown[] } {
  const data = bundles.map((bundle) => {
    const js = total(bundle.scripts);
    const css = total(bundle.styles);
    const texts = total(bundle.scripts.filter(isTexts));
    const routeChunk = bundle.scripts.find(isPageChunk);
    return {
      path: bundle.path,
      lng: bundle.lng,
      js,
      css,
      texts,
      routeChunk: routeChunk ? { file: routeChunk.file, gzip: routeChunk.gzip } : null,
      legalTexts: bundle.scripts.filter(isLegalTexts).map((file) => file.file),
      chunks: bundle.scripts.map((file) => file.file),
    };
  });
  const rows = data.map((page) => [
    `${page.path} (${page.lng})`,
    `${kilobytes(page.js.gzip)} / ${kilobytes(page.js.brotli)}`,
    `${kilobytes(page.css.gzip)} / ${kilobytes(page.css.brotli)}`,
    page.routeChunk ? kilobytes(page.routeChunk.gzip) : '–',
    kilobytes(page.texts.gzip),
    page.chunks.length,
  ]);
  const markdown = table(['page', 'JS gzip / br', 'CSS gzip / br (render-blocking)', 'route chunk gzip', 'texts gzip', 'JS files'], rows);
  return { markdown, data };
}

async function main(): Promise<void> {
  if (!options['no-build']) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const startedAt = new Date();
  const machine = {
    date: startedAt.toISOString(),
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium: execFileSync(chromium, ['--version'], { encoding: 'utf8' }).trim(),
    lighthouse: (JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version,
  };
  console.log(`Benchmark on ${machine.cpu}, ${machine.memory}, ${machine.node}, ${machine.chromium}`);

  const bundles = measurePages(path.join(root, 'dist')).filter((bundle) => routes.includes(bundle.path) && languages.includes(bundle.lng));
  const bytes = bytesSection(bundles);
  console.log(`\nBytes per route (gzip / brotli)\n${bytes.markdown}`);

  const site = await startServer(root, { FORM_RATE_LIMIT: '1000000' });
  const variantDirs = { 'no-scripts': variantProject('no-scripts'), 'client-only': variantProject('client-only') };
  const variants = {
    'no-scripts': await startServer(variantDirs['no-scripts']),
    'client-only': await startServer(variantDirs['client-only']),
  };
  const chrome = await chromeLauncher.launch({
    chromePath: chromium,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });

  try {
    // Lighthouse, every route and language.
    const pages: (LighthouseFigures & { path: string; lng: string })[] = [];
    for (const lng of languages) {
      for (const route of routes) {
        const result = await lighthouseMedian(`${site.url}${route}?lng=${lng}`, chrome.port, site.url);
        pages.push({ path: route, lng, ...result });
        console.log(
          `${route} (${lng}): ${result.performance}/${result.accessibility}/${result.bestPractices}/${result.seo}  FCP ${ms(result.fcp)}  LCP ${ms(result.lcp)}  TBT ${ms(result.tbt)}  CLS ${result.cls.toFixed(3)}${result.failedAudits.length ? `  failed: ${result.failedAudits.join(', ')}` : ''}`,
        );
      }
    }

    // The same pages without scripts and as a client-only app.
    const comparisons: { path: string; lng: string; lcp: Record<Variant, number>; vsNoScripts: number; vsClientOnly: number }[] = [];
    const comparisonLanguage = languages[0] ?? 'de';
    for (const route of comparedRoutes) {
      const lcp = { site: pages.find((page) => page.path === route && page.lng === comparisonLanguage)?.lcp ?? Number.NaN } as Record<Variant, number>;
      for (const variant of ['no-scripts', 'client-only'] as const) {
        const server = variants[variant];
        lcp[variant] = (await lighthouseMedian(`${server.url}${route}?lng=${comparisonLanguage}`, chrome.port, server.url)).lcp;
      }
      comparisons.push({ path: route, lng: comparisonLanguage, lcp, vsNoScripts: lcp.site / lcp['no-scripts'], vsClientOnly: lcp.site / lcp['client-only'] });
      console.log(`${route}: LCP ${ms(lcp.site)} vs no scripts ${ms(lcp['no-scripts'])} vs client-only ${ms(lcp['client-only'])}`);
    }

    // Form endpoints under load, next to the raw durable transaction.
    const raw = await rawSqliteRates();
    console.log(`raw durable SQLite: contact ${raw.contact}/s, newsletter ${raw.newsletter}/s`);
    const endpoints: { endpoint: string; raw: number; runs: LoadFigures[] }[] = [];
    for (const [endpoint, body, rawRate] of [
      ['/send-contact.php', contactBody, raw.contact],
      ['/subscribe-newsletter.php', newsletterBody, raw.newsletter],
    ] as const) {
      const figures: LoadFigures[] = [];
      for (const connections of [10, 50]) {
        // A fresh server and database per row, so no row inherits the previous one's outbox backlog.
        const server = await startServer(root, { FORM_RATE_LIMIT: '1000000' });
        const result = await load(`${server.url}${endpoint}`, connections, () => ({ method: 'POST', body: body(), headers: json }));
        await server.stop();
        figures.push(result);
        console.log(`${endpoint} at ${connections} connections: ${result.requestsPerSecond}/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`);
      }
      endpoints.push({ endpoint, raw: rawRate, runs: figures });
    }

    // Static serving.
    const home = bundles.find((bundle) => bundle.path === '/');
    const asset = home?.scripts[0]?.file;
    const statics: { target: string; figures: LoadFigures }[] = [];
    for (const target of ['/?lng=de', ...(asset ? [`/${asset}`] : [])]) {
      const figures = await load(`${site.url}${target}`, 10, () => ({ headers: { 'accept-encoding': 'br, gzip' } }));
      statics.push({ target, figures });
      console.log(`GET ${target}: ${figures.requestsPerSecond}/s, p99 ${figures.p99} ms`);
    }

    writeReport({ machine, bytes, pages, comparisons, endpoints, statics, bundles });
  } finally {
    chrome.kill();
    await site.stop();
    for (const server of Object.values(variants)) await server.stop();
    for (const dir of Object.values(variantDirs)) rmSync(dir, { recursive: true, force: true });
  }
}

interface Report {
  machine: Record<string, string>;
  bytes: { markdown: string; data: unknown[] };
  pages: (LighthouseFigures & { path: string; lng: string })[];
  comparisons: { path: string; lng: string; lcp: Record<Variant, number>; vsNoScripts: number; vsClientOnly: number }[];
  endpoints: { endpoint: string; raw: number; runs: LoadFigures[] }[];
  statics: { target: string; figures: LoadFigures }[];
  bundles: PageBundle[];
}

function writeReport({ machine, bytes, pages, comparisons, endpoints, statics, bundles }: Report): void {
  const homeJs = Math.max(...bundles.filter((bundle) => bundle.path === '/').map((bundle) => total(bundle.scripts).gzip));
  const largestRouteChunk = Math.max(...bundles.map((bundle) => bundle.scripts.find(isPageChunk)?.gzip ?? 0));
  const largestTexts = Math.max(...bundles.map((bundle) => total(bundle.scripts.filter(isTexts)).gzip));
  const largestCss = Math.max(...bundles.map((bundle) => total(bundle.styles).gzip));
  const legalInHome = bundles.filter((bundle) => bundle.path === '/').some((bundle) => bundle.scripts.some(isLegalTexts));
  const allHundred = pages.every((page) => page.performance === 100 && page.accessibility === 100 && page.bestPractices === 100 && page.seo === 100);
  const worst = (pick: (page: LighthouseFigures) => number) => Math.max(...pages.map(pick));

  const goals = table(
    ['goal', 'measured', 'met'],
    [
      ['100 in all four Lighthouse categories, every route and language', `${pages.filter((page) => page.performance === 100 && page.accessibility === 100 && page.bestPractices === 100 && page.seo === 100).length} of ${pages.length} pages`, check(allHundred)],
      ['FCP ≤ 1.0 s', `worst ${seconds(worst((page) => page.fcp))}`, check(worst((page) => page.fcp) <= 1000)],
      ['LCP ≤ 1.5 s', `worst ${seconds(worst((page) => page.lcp))}`, check(worst((page) => page.lcp) <= 1500)],
      ['TBT ≤ 60 ms', `worst ${ms(worst((page) => page.tbt))}`, check(worst((page) => page.tbt) <= 60)],
      ['CLS ≤ 0.03', `worst ${worst((page) => page.cls).toFixed(3)}`, check(worst((page) => page.cls) <= 0.03)],
      ['LCP ≤ 1.05 × scripts removed', comparisons.map((c) => `${c.path} ${c.vsNoScripts.toFixed(2)}`).join(', '), check(comparisons.every((c) => c.vsNoScripts <= 1.05))],
      ['LCP ≤ 0.5 × client-only', comparisons.map((c) => `${c.path} ${c.vsClientOnly.toFixed(2)}`).join(', '), check(comparisons.every((c) => c.vsClientOnly <= 0.5))],
      ['home initial JS ≤ 85 KB gzip (limit 100 KB)', kilobytes(homeJs), check(homeJs <= budgets.homeInitialJsGoal)],
      ['each route chunk ≤ 10 KB gzip', `largest ${kilobytes(largestRouteChunk)}`, check(largestRouteChunk <= budgets.routeChunk)],
      ['current language texts ≤ 8 KB gzip on first load', `largest ${kilobytes(largestTexts)}`, check(largestTexts <= budgets.languageTexts)],
      ['legal texts never in the home bundle', legalInHome ? 'present' : 'absent', check(!legalInHome)],
      ['render-blocking CSS ≤ 15 KB gzip', `largest ${kilobytes(largestCss)}`, check(largestCss <= budgets.renderBlockingCss)],
      ['no third-party requests before consent', `${pages.reduce((sum, page) => sum + page.thirdPartyRequests, 0)} requests`, check(pages.every((page) => page.thirdPartyRequests === 0))],
      ['fonts self-hosted or system fonts', `${worst((page) => page.fontRequests)} font requests (system fonts)`, check(pages.every((page) => page.fontRequests === 0))],
      ['LCP image never lazy', pages.every((page) => page.lcpNotLazy) ? 'never lazy' : 'lazy on some page', check(pages.every((page) => page.lcpNotLazy))],
      ...endpoints.flatMap((endpoint) => {
        const ten = endpoint.runs.find((run) => run.connections === 10);
        return ten
          ? [
              [`${endpoint.endpoint} ≥ 50% of raw durable SQLite rate`, `${ten.requestsPerSecond}/s vs ${endpoint.raw}/s (${Math.round((100 * ten.requestsPerSecond) / endpoint.raw)}%)`, check(ten.requestsPerSecond >= endpoint.raw / 2)],
              [`${endpoint.endpoint} p99 ≤ 25 ms at 10 connections`, `${ten.p99} ms`, check(ten.p99 <= 25)],
            ]
          : [];
      }),
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
  const comparisonTable = table(
    ['page', 'LCP site', 'LCP scripts removed', 'LCP client-only', 'site ÷ removed', 'site ÷ client-only'],
    comparisons.map((c) => [`${c.path} (${c.lng})`, ms(c.lcp.site), ms(c.lcp['no-scripts']), ms(c.lcp['client-only']), c.vsNoScripts.toFixed(2), c.vsClientOnly.toFixed(2)]),
  );
  const endpointTable = table(
    ['endpoint', 'connections', 'requests/s', 'p50', 'p99', 'non-2xx', 'errors', 'raw durable SQLite/s'],
    endpoints.flatMap((endpoint) =>
      endpoint.runs.map((run) => [endpoint.endpoint, run.connections, run.requestsPerSecond, ms(run.p50), ms(run.p99), run.non2xx, run.errors, endpoint.raw]),
    ),
  );
  const staticTable = table(
    ['GET', 'connections', 'requests/s', 'p50', 'p99'],
    statics.map(({ target, figures }) => [target, figures.connections, figures.requestsPerSecond, ms(figures.p50), ms(figures.p99)]),
  );
  const chunkList = bundles
    .filter((bundle) => bundle.lng === (languages[0] ?? 'de'))
    .map((bundle) => `- \`${bundle.path}\`: ${bundle.scripts.map((file) => `${file.source ?? file.file} (${kilobytes(file.gzip)})`).join(', ')}`)
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

## Against the physical limit and a client-only app

The same page with every script removed, and the same page with an empty root (rendered in the browser only).

${comparisonTable}

## Bytes per route

Loaded before the page runs: the entry script with its module preloads, and the render-blocking stylesheet.

${bytes.markdown}

Chunks per route (${languages[0] ?? 'de'}):

${chunkList}

## Form endpoints

${endpointTable}

## Static pages and assets

${staticTable}
`;
  mkdirSync(path.join(root, 'docs'), { recursive: true });
  writeFileSync(path.join(root, 'docs/benchmarks.md'), markdown);
  writeFileSync(
    path.join(root, 'docs/benchmarks.json'),
    `${JSON.stringify({ machine, runs, pages, comparisons, bytes: bytes.data, endpoints, statics }, null, 2)}\n`,
  );
  console.log(`\n${goals}\n\nWrote docs/benchmarks.md and docs/benchmarks.json.`);
}

await main();
