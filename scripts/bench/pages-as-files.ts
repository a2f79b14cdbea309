/**
 * Bench section "pages-as-files" (docs/decisions/0026-the-language-in-the-address.md): the same pages
 * served by nginx from dist/site (deploy/nginx/westbridge.conf, over plain http like Node) and by a
 * Node instance, in turn: requests per second and the server's CPU time per request, since the load
 * generator shares the machine's cores. And what an English visitor typing the bare domain pays for
 * the root's redirect: `/` beside `/en` in Lighthouse.
 */
import type { Result as Lhr } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { localizedPath } from '../../common/page-urls';
import { startNginx } from '../../tests/process/support/nginx';
import type { BenchSection } from './sections';
import { figures, lighthouseRun, load, ms, startServer, stopping, table, type LoadFigures } from './support';

const micro = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} µs`);
const [other = defaultLanguage] = languageCodes.filter((lng) => lng !== defaultLanguage);
const pages = [localizedPath('/about', other), '/services', localizedPath('/jobs', languageCodes.at(-1) ?? other)];

export const pagesAsFilesSection: BenchSection = {
  id: 'pages-as-files',
  title: 'Pages from files (nginx) and from Node',
  run: ({ root, runs, chromePort }) =>
    stopping(async (keep) => {
      const node = keep(await startServer(root));
      const port = Number(new URL(node.url).port);
      const nginx = keep(await startNginx({ upstreams: [port, port], siteUrl: node.url, tls: false }));
      const headers = { 'accept-encoding': 'gzip' };
      const rows: { page: string; nginx: LoadFigures; node: LoadFigures }[] = [];
      for (const page of pages) {
        const [fromNginx, fromNode] = [
          await load(`${nginx.address}${page}`, 10, () => ({ headers }), nginx.processIds()),
          await load(`${node.url}${page}`, 10, () => ({ headers }), node.process.pid ? [node.process.pid] : []),
        ];
        if (fromNginx.non2xx || fromNode.non2xx) throw new Error(`${page}: answers other than 2xx under load`);
        rows.push({ page, nginx: fromNginx, node: fromNode });
      }

      // The English root: one redirect, then /en; beside /en itself, run by run.
      const lhrs: [Lhr[], Lhr[]] = [[], []];
      for (let run = 0; run < runs; run++) {
        lhrs[0].push(
          await lighthouseRun(`${node.url}/`, chromePort, false, { extraHeaders: { 'Accept-Language': other } }),
        );
        lhrs[1].push(await lighthouseRun(`${node.url}${localizedPath('/', other)}`, chromePort, false));
      }
      const [viaRoot, direct] = lhrs.map(computeMedianRun) as [Lhr, Lhr];
      const redirectMs = viaRoot.audits.redirects?.numericValue ?? 0;
      const [a, b] = [figures(viaRoot, node.url), figures(direct, node.url)];
      const markdown = [
        'Requests per second and the server’s CPU time per request (its processes’ user and system time over the run, from /proc), the same page, 10 connections for 10 s each, gzip, one nginx worker and one Node instance in turn, both over plain http (Node runs so behind nginx):',
        '',
        table(
          ['page', 'nginx', 'CPU', 'Node', 'CPU', 'nginx ÷ Node: requests, CPU'],
          rows.map((row) => [
            row.page,
            row.nginx.requestsPerSecond,
            micro(row.nginx.serverCpuPerRequest),
            row.node.requestsPerSecond,
            micro(row.node.serverCpuPerRequest),
            `${(row.nginx.requestsPerSecond / row.node.requestsPerSecond).toFixed(2)}, ${((row.nginx.serverCpuPerRequest ?? NaN) / (row.node.serverCpuPerRequest ?? NaN)).toFixed(2)}`,
          ]),
        ),
        '',
        `A browser preferring ${other} at the bare domain (\`/\` with \`Accept-Language: ${other}\`, one 302 to \`${localizedPath('/', other)}\`) beside \`${localizedPath('/', other)}\` itself:`,
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
            measured: `over plain http: ${rows.map((row) => `${row.page} ${micro(row.nginx.serverCpuPerRequest)} vs ${micro(row.node.serverCpuPerRequest)} (${row.nginx.requestsPerSecond}/s vs ${row.node.requestsPerSecond}/s)`).join(', ')}`,
            met: rows.every(
              (row) => (row.nginx.serverCpuPerRequest ?? Infinity) <= (row.node.serverCpuPerRequest ?? 0),
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
    }),
};
