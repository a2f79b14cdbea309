/**
 * What the sections of `npm run bench` share: the built server as a real process, Lighthouse runs
 * (each beside the same page with its scripts blocked), load with autocannon, and the report's
 * Markdown.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import lighthouse, { type Result as Lhr } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { apiPaths } from '../../common/api-paths';
import { freePort } from '../../server/test/free-port';
import { processStat } from '../../server/test/process-stat';
import type { BenchGoal } from './sections';

interface Stoppable {
  stop(): Promise<void>;
}

/** Runs `work`, which hands what it starts to `keep`; stops all of it afterwards, the last first, also when it fails. */
export async function stopping<T>(work: (keep: <S extends Stoppable>(started: S) => S) => Promise<T>): Promise<T> {
  const started: Stoppable[] = [];
  try {
    return await work((each) => {
      started.unshift(each);
      return each;
    });
  } finally {
    for (const each of started) await each.stop();
  }
}

/** Starts the built server of the project in `projectDir` (`node dist/server/index.js`), as an operator does. */
export async function startServer(projectDir: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const env = { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', SITE_URL: url, DATA_DIR: dataDir };
  const child = spawn(process.execPath, [path.join(projectDir, 'dist/server/index.js')], {
    env: { ...env, LOG_LEVEL: 'warn', ...extraEnv },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The server's errors, not its warnings about settings left at their defaults.
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = `${chunk}`.split('\n').filter((line) => line.trim() && !/ is not set; using /.test(line));
    if (lines.length) process.stderr.write(`${lines.join('\n')}\n`);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const up = () =>
    fetch(`${url}${apiPaths.health}`)
      .then((answer) => answer.ok)
      .catch(() => false);
  // 30 s: on a loaded machine a start that reads a feed and starts a worker takes a while.
  for (let attempt = 0; !(await up()); attempt++) {
    if (attempt > 300 || child.exitCode !== null) {
      await stop();
      throw new Error(`The server in ${projectDir} did not start`);
    }
    await pause(100);
  }
  /** dataDir: the server's DATA_DIR, with the SQLite database `site.db` and the mails it wrote. */
  return { url, process: child, dataDir, stop };
}
export type RunningServer = Awaited<ReturnType<typeof startServer>>;

export type LighthouseFigures = ReturnType<typeof figures>;

type Requests = { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined;
/** The page's requests over the network, as Lighthouse lists them. */
export const requestsOf = (lhr: Lhr) =>
  ((lhr.audits['network-requests']?.details as Requests)?.items ?? []).filter((item) => /^https?:/.test(item.url));

/** Lighthouse's scores and metrics, and what the goals ask of every page's requests. */
export function figures(lhr: Lhr, origin: string) {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = requestsOf(lhr);
  type Checks = { items?: { type: string; items?: Record<string, { value: boolean }> }[] } | undefined;
  const lcpChecks = (lhr.audits['lcp-discovery-insight']?.details as Checks)?.items?.find(
    (item) => item.type === 'checklist',
  )?.items;
  const failedAudits = Object.values(lhr.categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs.map((ref) => ({ category: category.id, audit: lhr.audits[ref.id] })))
    .filter(
      ({ audit }) =>
        audit?.score != null && audit.score < 1 && !/informative|notApplicable/.test(audit.scoreDisplayMode),
    )
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
    bytes: numeric('total-byte-weight'),
    /** Requests to other origins than the site's own, on a first visit without consent. */
    thirdPartyRequests: requests.filter((request) => !request.url.startsWith(origin)).length,
    fontRequests: requests.filter((request) => request.resourceType === 'Font').length,
    /** Lighthouse's LCP check "not lazily loaded" passed (or the largest paint is no picture). */
    lcpNotLazy: lcpChecks?.eagerlyLoaded?.value !== false,
    /** Audits below 1 outside performance, as `category:audit`. */
    failedAudits,
  };
}

/** Lighthouse (mobile, simulated throttling) on `url`; `blocked`: without the page's own scripts (every one is under /assets). */
export async function lighthouseRun(
  url: string,
  port: number,
  blocked: boolean,
  { extraHeaders }: { extraHeaders?: Record<string, string> } = {},
): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      blockedUrlPatterns: blocked ? ['*/assets/*.js'] : [],
      extraHeaders,
    });
    const problem = result ? result.lhr.runtimeError?.message : 'no result';
    if (result && !problem) return result.lhr;
    // A lost trace (NO_NAVSTART) happens now and then on a busy machine: measure that run again.
    if (attempt > 3) throw new Error(`Lighthouse failed on ${url}: ${problem ?? 'no result'}`);
    console.warn(`Lighthouse: ${problem ?? 'no result'} on ${url}; measuring again`);
  }
}

/** A page beside itself in the same sitting with its scripts blocked. */
export type PagePair = Record<'site' | 'blocked', LighthouseFigures>;

/** The page and its scripts-blocked twin run by run, so both meet the same state of the machine; median of each. */
export async function lighthousePair(url: string, port: number, origin: string, runs: number): Promise<PagePair> {
  const lhrs: [Lhr[], Lhr[]] = [[], []];
  for (let run = 0; run < runs; run++) {
    lhrs[0].push(await lighthouseRun(url, port, false));
    lhrs[1].push(await lighthouseRun(url, port, true));
  }
  return { site: figures(computeMedianRun(lhrs[0]), origin), blocked: figures(computeMedianRun(lhrs[1]), origin) };
}

export type LoadFigures = Awaited<ReturnType<typeof load>>;

/** The CPU time (user and system, in seconds) the processes `pids` have used so far (Linux: from /proc). */
const cpuSeconds = (pids: readonly number[]) =>
  pids.reduce((sum, pid) => sum + (Number(processStat(pid)[11]) + Number(processStat(pid)[12])) / 100, 0);

/**
 * 10 s of load on `url`, each request made by `request`. `serverPids`: the processes answering, whose
 * CPU time per request is measured too (the load generator shares the machine's cores).
 */
export async function load(
  url: string,
  connections: number,
  request: () => { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> },
  serverPids: readonly number[] = [],
) {
  const cpuBefore = cpuSeconds(serverPids);
  const result = await autocannon({
    url,
    connections,
    duration: 10,
    requests: [{ setupRequest: (base) => ({ ...base, ...request() }) }],
  });
  const cpu = cpuSeconds(serverPids) - cpuBefore;
  return {
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    /** The server's CPU time per answered request (µs), when its processes were given. */
    serverCpuPerRequest: serverPids.length ? (cpu * 1e6) / result.requests.total : undefined,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
/** Waits until `check` holds, asking every 100 ms; fails after `seconds`. */
export async function until(check: () => Promise<boolean>, seconds: number): Promise<void> {
  for (const deadline = Date.now() + seconds * 1000; !(await check()); await pause(100))
    if (Date.now() > deadline) throw new Error(`Not done in ${seconds} s: ${check.toString()}`);
}
/** The body of `address` as the server answers it. */
export const textOf = async (server: { url: string }, address: string) =>
  (await fetch(`${server.url}${address}`)).text();

/** The longest the event loop waited since the last scrape (prom-client's nodejs_eventloop_lag_max_seconds). */
export const loopLag = async (server: { url: string }) =>
  1000 * Number(/^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(await textOf(server, apiPaths.metrics))?.[1]);

/** Answer times of `addresses`, asked one after another every `gap` ms until `done`. */
export async function answerTimes(server: { url: string }, addresses: string[], gap: number, done: () => boolean) {
  const times: number[] = [];
  for (; !done(); await pause(gap)) {
    for (const address of addresses) {
      const started = performance.now();
      await textOf(server, address);
      times.push(performance.now() - started);
    }
  }
  return {
    max: Math.max(...times),
    summary: `${times.length} requests: p50 ${ms(median(times))}, max ${ms(Math.max(...times))}`,
  };
}

/** Lighthouse's four scores: performance, accessibility, best practices, SEO. */
export const scores = (page: LighthouseFigures) =>
  `${page.performance}/${page.accessibility}/${page.bestPractices}/${page.seo}`;
export const ms = (value: number) => `${Math.round(value)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const tableRow = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
export const table = (head: readonly string[], rows: readonly (readonly (string | number)[])[]) =>
  [tableRow(head), tableRow(head.map(() => '---')), ...rows.map(tableRow)].join('\n');
/** The goals as a table: what each asks, what was measured, whether it was met. */
export const goalsTable = (goals: readonly BenchGoal[]) =>
  table(
    ['goal', 'measured', 'met'],
    goals.map(({ goal, measured, met }) => [goal, measured, met ? 'yes' : '**no**']),
  );
