/**
 * `npm run bench` (docs/benchmarking.md): builds, then runs the sections of scripts/bench/sections.ts,
 * prints their goals and writes docs/benchmarks.md and docs/benchmarks.json.
 *
 *   npm run bench -- --no-build --only pictures
 *   npm run bench -- --no-build --runs 1 --routes /,/jobs --languages de   (prints; writes nothing)
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { languageCodes } from '../common/languages';
import { sitePages } from '../common/site-pages';
import { chromiumFlags, chromiumPath } from './chromium';
import { benchSections, runBenchSections, type BenchSectionResult } from './bench/sections';
import { goalsTable } from './bench/support';

const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
    languages: { type: 'string' },
    only: { type: 'string' },
  },
});
const runs = Number(options.runs);
const partial = Boolean(options.routes || options.languages);

const [jsonFile, markdownFile] = [path.join(root, 'docs/benchmarks.json'), path.join(root, 'docs/benchmarks.md')];
/** What the sections were measured on, and whether alone (`--only`) or in a full run. */
function sitting(alone: boolean) {
  const lighthouse = path.join(root, 'node_modules/lighthouse/package.json');
  const machine = [
    `${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    `${os.type()} ${os.release()}; Node ${process.version}`,
    execFileSync(chromiumPath, ['--version'], { encoding: 'utf8' }).trim(),
    `Lighthouse ${(JSON.parse(readFileSync(lighthouse, 'utf8')) as { version: string }).version}`,
  ];
  return { date: new Date().toISOString().slice(0, 10), machine: machine.join('; '), runs, alone };
}
type Stored = BenchSectionResult & { measured: ReturnType<typeof sitting> };

/** The sections measured now in place of their last figures; the report is written again from all of them. */
function write(results: BenchSectionResult[], measured: ReturnType<typeof sitting>): void {
  const previous = existsSync(jsonFile) ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, Stored>) : {};
  const sections = benchSections.flatMap(({ id }) => {
    const result = results.find((candidate) => candidate.id === id);
    return result ? [{ ...result, measured }] : (previous[id] ?? []);
  });
  const alone = (section: Stored) => (section.measured.alone ? ' (measured alone)' : '');
  const goals = sections.flatMap((section) =>
    section.goals.map((goal) => ({ ...goal, measured: `${goal.measured}${alone(section)}` })),
  );
  const blocks = sections.map(
    ({ id, title, markdown, load, measured: m }) =>
      `## ${title}\n\nMeasured on ${m.date}${m.alone ? ` alone (\`--only ${id}\`)` : ' in a full run'}: ${m.machine}; ` +
      `Lighthouse mobile, simulated throttling, median of ${m.runs} runs unless said; load average ${load}.\n\n${markdown}\n`,
  );
  const intro = `Written by \`npm run bench\` (docs/benchmarking.md); do not edit by hand. A full run measures every section in one sitting; \`--only\` measures some again, and each section says when.`;
  writeFileSync(markdownFile, `# Benchmarks\n\n${intro}\n\n## Goals\n\n${goalsTable(goals)}\n\n${blocks.join('\n')}`);
  writeFileSync(jsonFile, `${JSON.stringify(Object.fromEntries(sections.map((each) => [each.id, each])), null, 2)}\n`);
  console.log(`\nWrote ${results.map((result) => result.id).join(', ')} into docs/benchmarks.md and .json.`);
}

// What is measured is what production runs: React's production build in the pages and the servers.
if (process.env.NODE_ENV !== undefined && process.env.NODE_ENV !== 'production')
  throw new Error(`The bench measures production builds; it was started with NODE_ENV=${process.env.NODE_ENV}`);
if (!options['no-build']) execSync('npm run build', { cwd: root, stdio: 'inherit' });
// The pictures section measures nginx over TLS with a certificate made for the run.
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', '--ignore-certificate-errors', ...chromiumFlags],
});
try {
  const context = {
    root,
    runs,
    chromePort: chrome.port,
    languages: options.languages?.split(',') ?? [...languageCodes],
    routes: options.routes?.split(',') ?? sitePages.map((page) => page.path as string),
  };
  const only = options.only?.split(',') ?? (partial ? ['lighthouse'] : undefined);
  const results = await runBenchSections(context, only);
  console.log(`\n${goalsTable(results.flatMap((result) => result.goals))}`);
  if (partial) console.log('\nSome pages only (--routes, --languages): docs/ unchanged.');
  else write(results, sitting(only !== undefined));
} finally {
  chrome.kill();
}
