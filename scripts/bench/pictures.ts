/**
 * Bench section "pictures" (docs/decisions/0054-a-photograph-may-cost-one-round-trip.md): the site with
 * photographs in place of every picture (scripts/pictures/photo-site.ts) beside the site with its
 * illustrations, both built here and behind nginx as deployed: unmodified Lighthouse on /, /services and
 * a service page in each language, the widths a 390 px phone is sent, and what a second build makes.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Result as Lhr } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import sharp from 'sharp';
import { defaultLanguage, type Language } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import type { SitePageId } from '../../common/site-pages';
import { startNginx } from '../../tests/process/support/nginx';
import { buildProject, copyProject, everyPhotograph, usePhotographs } from '../pictures/photo-site';
import type { BenchSection } from './sections';
import { figures, kb, lighthouseRun, ms, requestsOf, startServer, stopping, table } from './support';

const pageIds = ['home', 'services', 'logistics'] as const satisfies readonly SitePageId[];
const builds = ['illustrations', 'photographs'] as const;
const [runs, maxPictureBytes, maxWidthRatio, slackMs] = [5, 30 * 1024, 2, 50];

/** The median run's figures, with the bytes of the picture that is its largest paint (0 when that is text). */
function median(lhrs: Lhr[], site: string) {
  const lhr = computeMedianRun(lhrs);
  type Items = { items?: { type?: string; snippet?: string }[] } | undefined;
  const node = (lhr.audits['lcp-breakdown-insight']?.details as Items)?.items?.find((item) => item.type === 'node');
  // The picture's files are named after it: assets/<name>-<width>-<hash>.<format>.
  const src = /^<img\b[^>]*\ssrc="[^"]*\/([^/"]+?)-(?:\d+-)?[\w-]{8}\.\w+"/.exec(node?.snippet ?? '')?.[1];
  const files = requestsOf(lhr).filter((request) => src && new URL(request.url).pathname.startsWith(`/assets/${src}-`));
  const picture = Math.max(0, ...files.map((request) => request.transferSize ?? 0));
  return { ...figures(lhr, site), picture };
}

/** What a 390 px phone of density 2 and 3 is sent: each picture's file width (read from the file) ÷ its displayed width. */
async function widthsSent(site: string, chromePort: number): Promise<{ dpr: number; ratio: number }[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const sent: { dpr: number; ratio: number }[] = [];
  for (const deviceScaleFactor of [2, 3]) {
    const viewport = { width: 390, height: 844 };
    const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile: true, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    for (const id of pageIds) {
      await page.goto(`${site}${pageHref(id, defaultLanguage)}`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      // Every picture into view, so the lazy ones load too; then the width of each file chosen.
      const shown = await page.evaluate(async () => {
        const images = [...document.querySelectorAll<HTMLImageElement>('picture > img')];
        for (const image of images) {
          image.scrollIntoView({ block: 'center' });
          while (!image.complete) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return images.map((image) => ({ url: image.currentSrc, displayed: image.getBoundingClientRect().width }));
      });
      for (const { url, displayed } of shown) {
        const { width = NaN } = await sharp(await (await context.request.get(url)).body()).metadata();
        sent.push({ dpr: deviceScaleFactor, ratio: width / displayed });
      }
    }
    await context.close();
  }
  await browser.close();
  return sent;
}

export const picturesSection: BenchSection = {
  id: 'pictures',
  title: 'Photographs beside illustrations',
  run: ({ root, languages, chromePort }) =>
    stopping(async (keep) => {
      const copy = async () => {
        const dir = await copyProject(root, 'bench-');
        keep({ stop: () => rm(dir, { recursive: true, force: true }) });
        return dir;
      };
      const dirs = { illustrations: await copy(), photographs: await copy() };
      await usePhotographs(dirs.photographs, everyPhotograph);
      // Each copy with a cache of its own, empty at first: the first build makes everything, the second nothing.
      const build = (dir: string) => buildProject(dir, { PICTURE_CACHE_DIR: path.join(dir, '.tmp/picture-cache') });
      await build(dirs.illustrations);
      await build(dirs.photographs);
      const second = (await build(dirs.photographs)).match(/Photographs: \d+ made, \d+ from the cache/g);
      const sites = {} as Record<(typeof builds)[number], string>;
      for (const each of builds) {
        const port = Number(new URL(keep(await startServer(dirs[each])).url).port);
        sites[each] = keep(await startNginx({ upstreams: [port, port], current: dirs[each] })).address;
      }

      const rows: (Record<(typeof builds)[number], ReturnType<typeof median>> & { page: string })[] = [];
      for (const lng of languages as Language[]) {
        for (const page of pageIds.map((id) => pageHref(id, lng))) {
          const lhrs = { illustrations: [] as Lhr[], photographs: [] as Lhr[] };
          // Alternately, so both builds meet the same state of the machine.
          for (let run = 0; run < runs; run++)
            for (const each of builds) lhrs[each].push(await lighthouseRun(`${sites[each]}${page}`, chromePort, false));
          const [a, b] = [median(lhrs.illustrations, sites.illustrations), median(lhrs.photographs, sites.photographs)];
          rows.push({ page, illustrations: a, photographs: b });
          console.log(`${page}: LCP ${ms(a.lcp)} → ${ms(b.lcp)}, LCP picture ${kb(b.picture)}`);
        }
      }
      const sent = await widthsSent(sites.photographs, chromePort);

      const allowed = throttling.mobileSlow4G.rttMs + slackMs;
      const above = Math.max(...rows.map((row) => row.photographs.lcp - row.illustrations.lcp));
      const picture = Math.max(...rows.map((row) => row.photographs.picture));
      const widest = Math.max(...sent.map((each) => each.ratio));
      const goals = [
        {
          goal: 'performance 100 on every page with photographs',
          measured: `lowest ${Math.min(...rows.map((row) => row.photographs.performance))}`,
          met: rows.every((row) => row.photographs.performance === 100),
        },
        {
          goal: `LCP with photographs at most one simulated round trip plus ${slackMs} ms (${allowed} ms) above the illustrations’`,
          measured: `at most ${ms(above)} above`,
          met: above <= allowed,
        },
        { goal: 'the LCP picture ≤ 30 KB', measured: `largest ${kb(picture)}`, met: picture <= maxPictureBytes },
        {
          goal: `no picture sent to a 390 px phone wider than ${maxWidthRatio} × its displayed width`,
          measured: `widest ${widest.toFixed(2)} × (${sent.length} pictures at density 2 and 3)`,
          met: sent.length > 0 && widest <= maxWidthRatio,
        },
        {
          goal: 'CLS 0 with photographs',
          measured: `worst ${Math.max(...rows.map((row) => row.photographs.cls)).toFixed(3)}`,
          met: rows.every((row) => row.photographs.cls === 0),
        },
        {
          goal: 'second build with unchanged photographs makes none again',
          measured: second?.join('; ') ?? 'no report',
          met: !!second?.length && second.every((line) => line.startsWith('Photographs: 0 made')),
        },
      ];
      const rowCells = ({ page, illustrations: a, photographs: b }: (typeof rows)[number]) => [
        page,
        ...[a, b].map((each) => `${each.performance}, ${ms(each.lcp)}, ${kb(each.bytes)}`),
        ms(b.lcp - a.lcp),
        b.picture ? kb(b.picture) : '– (text)',
        b.cls.toFixed(3),
      ];
      const markdown = `${everyPhotograph.length} photograph-like JPEGs (4000 × 2667, 4–5 MB, with camera and GPS data) in place of every slide, gallery and service-page picture; both builds behind nginx (deploy/nginx/westbridge.conf, HTTP/2 and TLS), unmodified Lighthouse, median of ${runs} runs, each page alternately in both builds.\n\n${table(['page', 'illustrations: perf, LCP, bytes', 'photographs', 'LCP above', 'LCP picture', 'CLS'], rows.map(rowCells))}`;
      return { markdown, goals, data: { rows, sent, second } };
    }),
};
