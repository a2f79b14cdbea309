/**
 * What every part of `npm run bench` shares: the built server as a real process,
 * Lighthouse runs (each beside the same page with its scripts blocked), load with
 * autocannon, and the Markdown helpers of the report.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import lighthouse, { type Flags, type Result as Lhr } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { apiPaths } from '../../common/api-paths';
import { processStat } from '../../server/test/process-stat';

// ---------------------------------------------------------------- servers

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the built server of the project in `projectDir` (the real `node dist/server/index.js`). */
export async function startServer(projectDir: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
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
    const lines = chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim() && !/ is not set; using /.test(line));
    if (lines.length) process.stderr.write(`${lines.join('\n')}\n`);
  });
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${url}${apiPaths.health}`)).ok) break;
    } catch {
      // not listening yet
    }
    // 30 s: on a loaded machine a start that reads a feed and starts a worker can take a while.
    if (attempt > 300 || child.exitCode !== null) {
      // Not left running behind the bench.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The server in ${projectDir} did not start`);
    }
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

// ---------------------------------------------------------------- Lighthouse

export interface LighthouseFigures {
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

export function figures(lhr: Lhr, origin: string): LighthouseFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((
    lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined
  )?.items ?? []) as { url: string; resourceType?: string }[];
  const failedAudits = Object.values(lhr.categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs.map((ref) => ({ category: category.id, audit: lhr.audits[ref.id] })))
    .filter(
      ({ audit }) =>
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable',
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
    si: numeric('speed-index'),
    bytes: numeric('total-byte-weight'),
    thirdPartyRequests: requests.filter((request) => /^https?:/.test(request.url) && !request.url.startsWith(origin))
      .length,
    fontRequests: requests.filter((request) => request.resourceType === 'Font').length,
    lcpNotLazy: (lhr.audits['lcp-lazy-loaded']?.score ?? 1) === 1,
    failedAudits,
  };
}

/** The page's own scripts (every script is a file under /assets): blocked, the page is its prerendered HTML and CSS. */
const scriptPatterns = ['*/assets/*.js'];

interface LoadOptions {
  extraHeaders?: Record<string, string>;
  /** The folder the load's artifacts (trace, network log) are kept in, for `lighthouseAudit` to read again. */
  saveTo?: string;
}

/** Lighthouse's settings for a load; an audit of a kept load must be given the same. */
const lighthouseFlags = (blocked: boolean, { extraHeaders }: LoadOptions): Flags => ({
  logLevel: 'error',
  output: 'json',
  onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  blockedUrlPatterns: blocked ? scriptPatterns : [],
  ...(extraHeaders ? { extraHeaders } : {}),
});

export async function lighthouseRun(
  url: string,
  port: number,
  blocked: boolean,
  options: LoadOptions = {},
): Promise<Lhr> {
  const { saveTo } = options;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      ...lighthouseFlags(blocked, options),
      port,
      ...(saveTo ? { gatherMode: saveTo, auditMode: saveTo } : {}),
    });
    const problem = result ? result.lhr.runtimeError?.message : 'no result';
    if (result && !problem) return result.lhr;
    // A lost trace (NO_NAVSTART) happens now and then on a busy machine: measure that run again.
    if (attempt > 3) throw new Error(`Lighthouse failed on ${url}: ${problem ?? 'no result'}`);
    console.warn(`Lighthouse: ${problem ?? 'no result'} on ${url}; measuring again`);
  }
}

/** Lighthouse's audits of a load `lighthouseRun` kept in `folder` (given the same `blocked` and options), without loading the page again. */
export async function lighthouseAudit(folder: string, blocked = false, options: LoadOptions = {}): Promise<Lhr> {
  const result = await lighthouse(undefined, { ...lighthouseFlags(blocked, options), auditMode: folder });
  if (!result || result.lhr.runtimeError) {
    throw new Error(`Lighthouse could not audit ${folder}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
  }
  return result.lhr;
}

export interface PagePair {
  site: LighthouseFigures;
  /** The same page in the same sitting with its scripts blocked. */
  blocked: LighthouseFigures;
}

/** Runs the page and its scripts-blocked twin alternately, so both meet the same state of the machine; median of each. */
export async function lighthousePair(url: string, port: number, origin: string, runs: number): Promise<PagePair> {
  const site: Lhr[] = [];
  const blocked: Lhr[] = [];
  for (let run = 0; run < runs; run++) {
    site.push(await lighthouseRun(url, port, false));
    blocked.push(await lighthouseRun(url, port, true));
  }
  return { site: figures(computeMedianRun(site), origin), blocked: figures(computeMedianRun(blocked), origin) };
}

// ---------------------------------------------------------------- load

export interface LoadFigures {
  connections: number;
  requestsPerSecond: number;
  /** The server's CPU time per answered request (µs), when its processes were given. */
  serverCpuPerRequest?: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The CPU time (user and system, in seconds) the processes `pids` have used so far (Linux: from /proc). */
function cpuSeconds(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => {
    const stat = processStat(pid);
    return sum + (Number(stat[11]) + Number(stat[12])) / 100;
  }, 0);
}

/**
 * 10 s of load on `url`. `serverPids`: the processes answering, whose CPU time per request is then
 * measured too: the load generator shares this machine's cores, so requests per second measure it as
 * much as the server.
 */
export async function load(
  url: string,
  connections: number,
  request: () => { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> },
  serverPids: readonly number[] = [],
): Promise<LoadFigures> {
  const cpuBefore = cpuSeconds(serverPids);
  const result = await autocannon({
    url,
    connections,
    duration: 10,
    requests: [
      {
        setupRequest: (base) => {
          const next = request();
          return {
            ...base,
            method: next.method ?? 'GET',
            body: next.body,
            headers: { ...base.headers, ...next.headers },
          };
        },
      },
    ],
  });
  const cpu = cpuSeconds(serverPids) - cpuBefore;
  return {
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    ...(serverPids.length ? { serverCpuPerRequest: (cpu * 1e6) / result.requests.total } : {}),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

// ---------------------------------------------------------------- report

export const ms = (value: number) => `${Math.round(value)} ms`;
export const tableRow = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
export const table = (head: string[], rows: (string | number)[][]) =>
  [tableRow(head), tableRow(head.map(() => '---')), ...rows.map(tableRow)].join('\n');
export const check = (ok: boolean) => (ok ? 'yes' : '**no**');
/** A goal's row in a table of goals: what it asks, what was measured, whether it was met. */
export const goalRow = ({ goal, measured, met }: { goal: string; measured: string; met: boolean }) => [
  goal,
  measured,
  check(met),
];
export const goalsTable = (goals: readonly Parameters<typeof goalRow>[0][]) =>
  table(['goal', 'measured', 'met'], goals.map(goalRow));
