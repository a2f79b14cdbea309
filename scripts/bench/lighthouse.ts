/**
 * Bench section "lighthouse": Lighthouse (mobile) on every route of the page registry in every
 * language, run by run beside the same page with its scripts blocked, in one browser: absolute
 * figures move with the shared machine, the distance between the two is what the scripts cost
 * (docs/decisions/0015-islands-of-react.md, docs/decisions/0016-html-first-no-script-contract.md).
 */
import { defaultLanguage, isLanguage } from '../../common/languages';
import { localizedPath, pageHref } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import type { BenchSection } from './sections';
import { kb, lighthousePair, ms, scores, startServer, stopping, table, type PagePair } from './support';

/** Pages whose LCP must stay within 1.1 × the same page without scripts. */
const lcpRoutes = ['/', '/services', '/jobs', '/privacy'];
/** Marked noindex by design (the newsletter pages, the form result): SEO cannot be 100. */
const noindex = new Set(sitePages.filter((page) => !page.sitemap).map((page) => page.path as string));
/** A route as a visitor asks for it: the German home with its explicit choice, since `/` chooses by itself. */
const address = (route: string, lng: string) =>
  route === '/' && lng === defaultLanguage
    ? pageHref('home', lng)
    : localizedPath(route, isLanguage(lng) ? lng : defaultLanguage);

type PageRow = PagePair & { path: string; lng: string };

export const lighthouseSection: BenchSection = {
  id: 'lighthouse',
  title: 'Lighthouse, every route and language, beside the same page without scripts',
  run: ({ root, runs, languages, routes, chromePort }) =>
    stopping(async (keep) => {
      const server = keep(await startServer(root));
      const pages: PageRow[] = [];
      for (const lng of languages) {
        for (const route of routes) {
          const pair = await lighthousePair(`${server.url}${address(route, lng)}`, chromePort, server.url, runs);
          pages.push({ path: route, lng, ...pair });
          console.log(`${route} (${lng}): ${scores(pair.site)} TBT ${ms(pair.site.tbt)} (${ms(pair.blocked.tbt)})`);
        }
      }
      const lowest = (pick: (page: PageRow) => number, among = pages) => Math.min(...among.map(pick));
      const worst = (pick: (page: PageRow) => number) => Math.max(...pages.map(pick));
      const ratio = (page: PageRow) => page.site.lcp / page.blocked.lcp;
      const perfGap = (page: PageRow) => (page.blocked.performance - page.site.performance) / 100;
      const tbtGap = (page: PageRow) => page.site.tbt - page.blocked.tbt;
      const atHundred = pages.filter((page) => page.site.performance === 100).length;
      const fewest = Math.ceil((40 / 48) * pages.length);
      const [indexed, unindexed] = [false, true].map((marked) =>
        pages.filter((page) => noindex.has(page.path) === marked),
      );
      const lcpPages = pages.filter((page) => lcpRoutes.includes(page.path));
      const everywhere = (pick: (page: PageRow) => number | boolean) => pages.every(pick);
      const goals = [
        {
          goal: 'performance ≥ 98 on every page',
          measured: `lowest ${lowest((page) => page.site.performance)}`,
          met: everywhere((page) => page.site.performance >= 98),
        },
        {
          goal: `performance 100 on at least ${fewest} of ${pages.length} pages`,
          measured: `${atHundred} pages`,
          met: atHundred >= fewest,
        },
        {
          goal: 'accessibility 100 everywhere',
          measured: `lowest ${lowest((page) => page.site.accessibility)}`,
          met: everywhere((page) => page.site.accessibility === 100),
        },
        {
          goal: 'best practices 100 everywhere',
          measured: `lowest ${lowest((page) => page.site.bestPractices)}`,
          met: everywhere((page) => page.site.bestPractices === 100),
        },
        {
          goal: 'SEO 100 except the noindex pages',
          measured: `lowest ${lowest((page) => page.site.seo, indexed)} (noindex pages: ${unindexed?.length ? lowest((page) => page.site.seo, unindexed) : '–'})`,
          met: indexed?.every((page) => page.site.seo === 100) ?? false,
        },
        {
          goal: 'CLS 0',
          measured: `worst ${worst((page) => page.site.cls).toFixed(3)}`,
          met: everywhere((page) => page.site.cls === 0),
        },
        {
          goal: 'worst TBT ≤ 100 ms',
          measured: `${ms(worst((page) => page.site.tbt))} (without scripts: worst ${ms(worst((page) => page.blocked.tbt))})`,
          met: everywhere((page) => page.site.tbt <= 100),
        },
        {
          goal: `LCP ≤ 1.1 × without scripts on ${lcpRoutes.join(', ')}`,
          measured: lcpPages.map((page) => `${page.path} (${page.lng}) ${ratio(page).toFixed(2)}`).join(', ') || '–',
          met: lcpPages.every((page) => ratio(page) <= 1.1),
        },
        {
          goal: 'performance within 0.03 of the page without scripts',
          measured: `largest gap ${worst(perfGap).toFixed(2)}`,
          met: worst(perfGap) <= 0.03,
        },
        {
          goal: 'TBT within 100 ms of the page without scripts',
          measured: `largest gap ${ms(worst(tbtGap))}`,
          met: worst(tbtGap) <= 100,
        },
        {
          goal: 'no third-party requests before consent',
          measured: `${pages.reduce((sum, page) => sum + page.site.thirdPartyRequests, 0)} requests`,
          met: everywhere((page) => page.site.thirdPartyRequests === 0),
        },
        {
          goal: 'fonts self-hosted or system fonts',
          measured: `${worst((page) => page.site.fontRequests)} font requests (system fonts)`,
          met: everywhere((page) => page.site.fontRequests === 0),
        },
        {
          goal: 'LCP image never lazy',
          measured: everywhere((page) => page.site.lcpNotLazy) ? 'never lazy' : 'lazy on some page',
          met: everywhere((page) => page.site.lcpNotLazy),
        },
      ];
      const head = [
        'page',
        'scores',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'transferred',
        'without scripts',
        'LCP',
        'TBT',
        'not 100 because',
      ];
      const markdown = table(
        head,
        pages.map(({ path, lng, site, blocked }) => [
          `${path} (${lng})`,
          scores(site),
          ...[site.fcp, site.lcp, site.tbt].map(ms),
          site.cls.toFixed(3),
          kb(site.bytes),
          scores(blocked),
          ...[blocked.lcp, blocked.tbt].map(ms),
          site.failedAudits.join(', ') || '–',
        ]),
      );
      return { markdown: `Scores: performance/accessibility/best practices/SEO.\n\n${markdown}`, goals, data: pages };
    }),
};
