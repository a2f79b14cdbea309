/**
 * Pages as files (docs/decisions/0026-the-language-in-the-address.md): the same pages served by nginx from dist/site (over https as deployed,
 * and over plain http like Node) and by a Node instance, requests per second and the server's CPU
 * time per request in the same sitting; and what an English visitor typing the bare domain pays
 * for the root's redirect, `/` beside `/en` in Lighthouse.
 */
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { Result as Lhr } from 'lighthouse';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { localizedPath } from '../../common/page-urls';
import { startNginx } from '../../tests/process/support/nginx';
import type { BenchSection } from './sections';
import { figures, lighthouseRun, load, ms, startServer, table, type LoadFigures } from './support';

const microseconds = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} µs`);
const [other = defaultLanguage] = languageCodes.filter((lng) => lng !== defaultLanguage);
const pages = [localizedPath('/about', other), '/services', localizedPath('/jobs', languageCodes.at(-1) ?? other)];
/** nginx from files over https as deployed, the same nginx over plain http, and Node (plain http), in the table's order. */
const serverNames = ['nginx', 'plainNginx', 'node'] as const;
type Server = (typeof serverNames)[number];

export const pagesAsFilesSection: BenchSection = {
  id: 'pages-as-files',
  title: 'Pages from files (nginx) and from Node',
  async run({ root, runs, chromePort }) {
    const node = await startServer(root);
    const port = Number(new URL(node.url).port);
    const nginx = await startNginx({ upstreams: [port, port], siteUrl: node.url });
    // The same configuration without TLS: Node answers over plain http, and so the like-for-like figure.
    const plainNginx = await startNginx({ upstreams: [port, port], siteUrl: node.url, tls: false });
    try {
      // In turn, so the three meet the same state of the machine.
      const servers: Record<Server, string> = { nginx: nginx.address, plainNginx: plainNginx.address, node: node.url };
      const processIds: Record<Server, () => number[]> = {
        nginx: () => nginx.processIds(),
        plainNginx: () => plainNginx.processIds(),
        node: () => (node.process.pid === undefined ? [] : [node.process.pid]),
      };
      const headers = { 'accept-encoding': 'gzip' };
      const rows: ({ page: string } & Record<Server, LoadFigures>)[] = [];
      for (const page of pages) {
        const byServer = {} as Record<Server, LoadFigures>;
        for (const server of serverNames) {
          byServer[server] = await load(`${servers[server]}${page}`, 10, () => ({ headers }), processIds[server]());
          if (byServer[server].non2xx) throw new Error(`${page}: answers other than 2xx under load (${server})`);
        }
        rows.push({ page, ...byServer });
      }

      // The English root: one redirect, then /en; beside /en itself, run by run.
      const root: Lhr[] = [];
      const direct: Lhr[] = [];
      for (let run = 0; run < runs; run++) {
        root.push(
          await lighthouseRun(`${node.url}/`, chromePort, false, {
            extraHeaders: { 'Accept-Language': other },
          }),
        );
        direct.push(await lighthouseRun(`${node.url}${localizedPath('/', other)}`, chromePort, false));
      }
      const [viaRoot, atPath] = [computeMedianRun(root), computeMedianRun(direct)];
      const redirectMs = viaRoot.audits.redirects?.numericValue ?? 0;
      const [a, b] = [figures(viaRoot, node.url), figures(atPath, node.url)];
      const markdown = [
        'Requests per second for the same page, 10 connections for 10 s each, gzip, one nginx worker and one Node instance, in turn: nginx from files over https as deployed (TLS included), the same nginx configuration over plain http, and Node over plain http (as it runs behind nginx). The load generator (autocannon, in this process) shares the 2 cores and uses more than one of them, so requests per second are bound by it; what the server itself spends is its CPU time per request (its processes’ user and system time over the run, from /proc):',
        '',
        table(
          [
            'page',
            'nginx, https',
            'CPU',
            'nginx, http',
            'CPU',
            'Node, http',
            'CPU',
            'nginx ÷ Node (http): requests, CPU',
          ],
          rows.map((row) => [
            row.page,
            ...serverNames.flatMap((server) => [
              row[server].requestsPerSecond,
              microseconds(row[server].serverCpuPerRequest),
            ]),
            `${(row.plainNginx.requestsPerSecond / row.node.requestsPerSecond).toFixed(2)}, ${((row.plainNginx.serverCpuPerRequest ?? Number.NaN) / (row.node.serverCpuPerRequest ?? Number.NaN)).toFixed(2)}`,
          ]),
        ),
        '',
        `An English browser at the bare domain (\`/\` with \`Accept-Language: ${other}\`, one 302 to \`${localizedPath('/', other)}\`) beside \`${localizedPath('/', other)}\` itself, Lighthouse mobile, median of ${runs}:`,
        '',
        table(
          ['address', 'perf', 'FCP', 'LCP', 'TBT', 'redirect (Lighthouse)'],
          [
            ['/', a.performance, ms(a.fcp), ms(a.lcp), ms(a.tbt), ms(redirectMs)],
            [localizedPath('/', other), b.performance, ms(b.fcp), ms(b.lcp), ms(b.tbt), '–'],
          ],
        ),
      ].join('\n');
      return {
        markdown,
        goals: [
          {
            goal: 'nginx serves pages from files with no more CPU per request than Node',
            measured: `over plain http: ${rows.map((row) => `${row.page} ${microseconds(row.plainNginx.serverCpuPerRequest)} vs ${microseconds(row.node.serverCpuPerRequest)} (${row.plainNginx.requestsPerSecond}/s vs ${row.node.requestsPerSecond}/s)`).join(', ')}`,
            met: rows.every(
              (row) => (row.plainNginx.serverCpuPerRequest ?? Infinity) <= (row.node.serverCpuPerRequest ?? 0),
            ),
          },
          {
            goal: `the English root's redirect costs ≤ 100 ms LCP beside ${localizedPath('/', other)}`,
            measured: `${ms(a.lcp)} vs ${ms(b.lcp)}`,
            met: a.lcp - b.lcp <= 100,
          },
        ],
        data: { rows, root: a, direct: b, redirectMs },
      };
    } finally {
      await plainNginx.stop();
      await nginx.stop();
      await node.stop();
    }
  },
};
