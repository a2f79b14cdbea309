/**
 * Bench section "pictures" (docs/decisions/0023-pictures-made-by-the-build.md): the site with photographs in place of every slide, gallery
 * and service-page picture (21 camera-like JPEGs, 4000 × 2667, 4–5 MB each, scripts/pictures/
 * photo-like.ts) beside the same site with its illustrations, both built in this run: Lighthouse
 * (mobile) on /, /services and a service page in each language, straight from Node (HTTP/1.1) and
 * behind nginx as deployed (HTTP/2, TLS; each load read again with Lighthouse's HTTP/2 accounting
 * corrected, lantern-h2-accounting.ts), bytes per page, the widths a 390 px phone is sent, and the
 * build's time with the photographs, first and second run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import type { Result as Lhr } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { defaultLanguage, type Language } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { findPage, type SitePageId } from '../../common/site-pages';
import { startNginx } from '../../tests/process/support/nginx';
import { buildProject, copyProject, everyPhotograph, usePhotographs } from '../pictures/photo-site';
import type { BenchGoal, BenchSection } from './sections';
import { withH2AccountingCorrected } from './lantern-h2-accounting';
import {
  figures,
  goalsTable,
  lighthouseAudit,
  lighthouseRun,
  ms,
  startServer,
  table,
  type RunningServer,
} from './support';

/** The home page, /services and a service page. */
const pageIds = ['home', 'services', 'logistics'] as const satisfies readonly SitePageId[];
const pagePath = (id: SitePageId) => findPage(id).path;
/** A page as a visitor asks for it: the German home with its explicit choice, since `/` chooses by itself. */
const address = (serverUrl: string, id: SitePageId, lng: Language) => `${serverUrl}${pageHref(id, lng)}`;
const phone = { width: 390, height: 844 };

const builds = ['illustrations', 'photographs'] as const;
type Build = (typeof builds)[number];
/** Straight from Node (HTTP/1.1), or behind nginx from the build's files (HTTP/2, TLS). */
const ways = ['node', 'nginx'] as const;
type Way = (typeof ways)[number];

interface PageFigures {
  performance: number;
  lcp: number;
  cls: number;
  bytes: number;
  imageBytes: number;
}

function pageFigures(lhr: Lhr, origin: string): PageFigures {
  const items = ((
    lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items ?? []) as { resourceType?: string; transferSize?: number }[];
  const { performance, lcp, cls, bytes } = figures(lhr, origin);
  const imageBytes = items
    .filter((item) => item.resourceType === 'Image')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return { performance, lcp, cls, bytes, imageBytes };
}

/** A page in both builds, straight from Node and behind nginx (whose loads Lighthouse also reads with its HTTP/2 accounting corrected). */
interface PageRow extends Record<Build, PageFigures> {
  path: string;
  lng: string;
  nginx: Record<Build, PageFigures>;
  nginxCorrected: Record<Build, PageFigures>;
}

const readings = [...ways, 'nginxCorrected'] as const;
type Reading = (typeof readings)[number];

/** One load of `url`, read by Lighthouse as published and, behind nginx, again with its HTTP/2 accounting corrected. */
async function lighthouseReadings(way: Way, url: string, chromePort: number): Promise<Partial<Record<Reading, Lhr>>> {
  if (way === 'node') return { node: await lighthouseRun(url, chromePort, false) };
  const saveTo = await mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'));
  try {
    const nginx = await lighthouseRun(url, chromePort, false, { saveTo });
    return { nginx, nginxCorrected: await withH2AccountingCorrected(() => lighthouseAudit(saveTo)) };
  } finally {
    await rm(saveTo, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

interface SentPicture {
  page: string;
  dpr: number;
  /** The file the browser chose (its currentSrc), by name. */
  picture: string;
  /** CSS pixels it is shown at. */
  displayed: number;
  /** The chosen file's own width in pixels, read from the file itself. */
  sent: number;
  bytes: number;
}

/** The pixel width of each picture file, read once from what the server sends. */
function fileWidths() {
  const widths = new Map<string, Promise<{ width: number; bytes: number }>>();
  return (url: string) => {
    let width = widths.get(url);
    if (!width) {
      width = (async () => {
        const answer = await fetch(url);
        if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
        const bytes = Buffer.from(await answer.arrayBuffer());
        return { width: (await sharp(bytes).metadata()).width, bytes: bytes.length };
      })();
      widths.set(url, width);
    }
    return width;
  };
}

/**
 * What a 390 px phone is sent: every photograph brought into view (so the lazy ones load), all of
 * them loaded, then for each the width of the file the browser chose (read from that file, not
 * from what the srcset says it is) beside the width it is shown at.
 */
async function widthsSentToPhone(server: RunningServer, chromePort: number): Promise<SentPicture[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const widthOf = fileWidths();
  const sent: SentPicture[] = [];
  try {
    for (const dpr of [2, 3]) {
      const context = await browser.newContext({
        viewport: phone,
        deviceScaleFactor: dpr,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      for (const id of pageIds) {
        await page.goto(address(server.url, id, defaultLanguage), { waitUntil: 'load' });
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
        await page.evaluate(async () => {
          for (const image of document.querySelectorAll('picture > img')) {
            image.scrollIntoView({ block: 'center' });
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForFunction(
          () => [...document.querySelectorAll<HTMLImageElement>('picture > img')].every((image) => image.complete),
          undefined,
          { timeout: 120_000 },
        );
        const shown = await page.$$eval('picture > img', (images: HTMLImageElement[]) =>
          images.map((image) => ({
            url: image.naturalWidth > 0 ? image.currentSrc : '',
            displayed: image.getBoundingClientRect().width,
          })),
        );
        if (!shown.length) throw new Error(`${address(server.url, id, defaultLanguage)} shows no photograph`);
        for (const { url, displayed } of shown) {
          // A picture that failed to load counts as not measured: the goal is then not met.
          const file = url ? await widthOf(url) : { width: Number.NaN, bytes: 0 };
          sent.push({
            page: pagePath(id),
            dpr,
            picture: url ? (new URL(url).pathname.split('/').pop() ?? '') : '(failed to load)',
            displayed,
            sent: file.width,
            bytes: file.bytes,
          });
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return sent;
}

export const picturesSection: BenchSection = {
  id: 'pictures',
  title: 'Photographs beside illustrations',
  async run({ root, runs, languages, chromePort }) {
    const illustrated = await copyProject(root, 'bench-illustrations-');
    const photographed = await copyProject(root, 'bench-photographs-');
    const servers: { stop(): Promise<void> }[] = [];
    try {
      const made = await timed(() => usePhotographs(photographed, everyPhotograph));
      console.log(`${everyPhotograph.length} photographs made in ${made.seconds.toFixed(0)} s`);
      // Each copy with a cache of its own, empty at first: the first build makes everything.
      const cacheOf = (dir: string) => ({ PICTURE_CACHE_DIR: path.join(dir, '.tmp/picture-cache') });
      const illustrationBuild = await timed(() => buildProject(illustrated, cacheOf(illustrated)));
      const firstBuild = await timed(() => buildProject(photographed, cacheOf(photographed)));
      const secondBuild = await timed(() => buildProject(photographed, cacheOf(photographed)));
      const secondReport = secondBuild.result.match(/Photographs: \d+ made, \d+ from the cache/g) ?? [];
      console.log(
        `builds: illustrations ${illustrationBuild.seconds.toFixed(0)} s; photographs ${firstBuild.seconds.toFixed(0)} s, then ${secondBuild.seconds.toFixed(0)} s (${secondReport.join('; ')})`,
      );

      const illustrationSite = await startServer(illustrated);
      servers.push(illustrationSite);
      const photographSite = await startServer(photographed);
      servers.push(photographSite);
      // Each build also behind nginx, from the files its build wrote, as deployed: HTTP/2 over TLS.
      const behindNginx = async (projectDir: string, site: RunningServer) => {
        const port = Number(new URL(site.url).port);
        const nginx = await startNginx({ upstreams: [port, port], current: projectDir });
        servers.push(nginx);
        return nginx.address;
      };
      const sites: Record<Way, Record<Build, string>> = {
        node: { illustrations: illustrationSite.url, photographs: photographSite.url },
        nginx: {
          illustrations: await behindNginx(illustrated, illustrationSite),
          photographs: await behindNginx(photographed, photographSite),
        },
      };

      const rows: PageRow[] = [];
      for (const lng of languages as Language[]) {
        for (const id of pageIds) {
          const lhrs: Record<Reading, Record<Build, Lhr[]>> = {
            node: { illustrations: [], photographs: [] },
            nginx: { illustrations: [], photographs: [] },
            nginxCorrected: { illustrations: [], photographs: [] },
          };
          // Alternately, so both builds and both ways meet the same state of the machine.
          for (let run = 0; run < runs; run++) {
            for (const way of ways) {
              for (const build of builds) {
                const read = await lighthouseReadings(way, address(sites[way][build], id, lng), chromePort);
                for (const reading of readings) {
                  const lhr = read[reading];
                  if (lhr) lhrs[reading][build].push(lhr);
                }
              }
            }
          }
          const medians = (reading: Reading): Record<Build, PageFigures> => {
            const site = sites[reading === 'node' ? 'node' : 'nginx'];
            return {
              illustrations: pageFigures(computeMedianRun(lhrs[reading].illustrations), site.illustrations),
              photographs: pageFigures(computeMedianRun(lhrs[reading].photographs), site.photographs),
            };
          };
          const row: PageRow = {
            path: pagePath(id),
            lng,
            ...medians('node'),
            nginx: medians('nginx'),
            nginxCorrected: medians('nginxCorrected'),
          };
          rows.push(row);
          console.log(
            `${row.path} (${lng}): illustrations ${row.illustrations.performance} LCP ${ms(row.illustrations.lcp)} ${kb(row.illustrations.bytes)}; ` +
              `photographs ${row.photographs.performance} LCP ${ms(row.photographs.lcp)} ${kb(row.photographs.bytes)} (images ${kb(row.photographs.imageBytes)}); ` +
              `behind nginx LCP ${ms(row.nginx.illustrations.lcp)} and ${ms(row.nginx.photographs.lcp)} ` +
              `(HTTP/2 accounting corrected: ${ms(row.nginxCorrected.illustrations.lcp)} and ${ms(row.nginxCorrected.photographs.lcp)})`,
          );
        }
      }
      const sent = await widthsSentToPhone(photographSite, chromePort);

      const ratio = (figures: Record<Build, PageFigures>) => figures.photographs.lcp / figures.illustrations.lcp;
      const worstRatio = Math.max(...rows.map(ratio));
      const worstNginxRatio = Math.max(...rows.map((row) => ratio(row.nginx)));
      const worstCorrectedRatio = Math.max(...rows.map((row) => ratio(row.nginxCorrected)));
      const widest = Math.max(...sent.map((picture) => picture.sent / picture.displayed));
      const secondMadeNone = secondReport.length > 0 && secondReport.every((line) => /^Photographs: 0 made/.test(line));
      const goals: BenchGoal[] = [
        {
          goal: 'performance 100 on every page with photographs',
          measured: `lowest ${Math.min(...rows.map((row) => row.photographs.performance))}, behind nginx ${Math.min(...rows.map((row) => row.nginx.photographs.performance))}`,
          met: rows.every((row) => row.photographs.performance === 100 && row.nginx.photographs.performance === 100),
        },
        {
          goal: 'LCP with photographs ≤ 1.1 × the illustrations’ on every page',
          measured: `worst ${worstRatio.toFixed(2)} ×, behind nginx ${worstNginxRatio.toFixed(2)} ×`,
          met: Math.max(worstRatio, worstNginxRatio) <= 1.1,
        },
        {
          goal: 'the same behind nginx, in Lighthouse’s model with its HTTP/2 accounting corrected (docs/decisions/0036-no-budget-for-the-first-picture.md)',
          measured: `worst ${worstCorrectedRatio.toFixed(2)} ×`,
          met: worstCorrectedRatio <= 1.1,
        },
        {
          goal: 'CLS 0 with photographs',
          measured: `worst ${Math.max(...rows.map((row) => row.photographs.cls)).toFixed(3)}`,
          met: rows.every((row) => row.photographs.cls === 0),
        },
        {
          goal: 'no picture sent to a 390 px phone wider than 2 × its displayed width',
          measured: `widest ${widest.toFixed(2)} × (${sent.length} pictures at density 2 and 3)`,
          met: sent.length > 0 && sent.every((picture) => Number.isFinite(picture.sent)) && widest <= 2,
        },
        {
          goal: 'second build with unchanged photographs makes none again',
          measured: secondReport.join('; ') || 'no report',
          met: secondMadeNone,
        },
      ];

      const markdown = [
        `${everyPhotograph.length} photograph-like JPEGs (4000 × 2667, 4–5 MB, with camera and GPS data) in place of every slide, gallery and service-page picture; Lighthouse mobile, median of ${runs}, each page alternately in both builds.`,
        '',
        table(
          ['page', 'illustrations: perf / LCP / bytes (images)', 'photographs: perf / LCP / bytes (images)', 'LCP ×'],
          rows.map((row) => [
            `${row.path} (${row.lng})`,
            `${row.illustrations.performance} / ${ms(row.illustrations.lcp)} / ${kb(row.illustrations.bytes)} (${kb(row.illustrations.imageBytes)})`,
            `${row.photographs.performance} / ${ms(row.photographs.lcp)} / ${kb(row.photographs.bytes)} (${kb(row.photographs.imageBytes)})`,
            ratio(row).toFixed(2),
          ]),
        ),
        '',
        'The same pages behind nginx, from the files each build wrote, over HTTP/2 and TLS as deployed (deploy/nginx/westbridge.conf), in the same runs; each load also read by Lighthouse with its HTTP/2 accounting corrected (`scripts/bench/lantern-h2-accounting.ts`, docs/decisions/0036-no-budget-for-the-first-picture.md):',
        '',
        table(
          [
            'page',
            'illustrations: perf / LCP',
            'photographs: perf / LCP',
            'LCP ×',
            'corrected: illustrations / photographs LCP',
            'LCP × corrected',
          ],
          rows.map((row) => [
            `${row.path} (${row.lng})`,
            `${row.nginx.illustrations.performance} / ${ms(row.nginx.illustrations.lcp)}`,
            `${row.nginx.photographs.performance} / ${ms(row.nginx.photographs.lcp)}`,
            ratio(row.nginx).toFixed(2),
            `${ms(row.nginxCorrected.illustrations.lcp)} / ${ms(row.nginxCorrected.photographs.lcp)}`,
            ratio(row.nginxCorrected).toFixed(2),
          ]),
        ),
        '',
        `What a ${phone.width} × ${phone.height} phone is sent (German pages, every photograph brought into view and loaded; "sent" is the pixel width of the file the browser chose, read from the file):`,
        '',
        table(
          ['page', 'density', 'pictures', 'displayed', 'sent', 'largest sent ÷ displayed', 'picture bytes'],
          pageIds.flatMap((id) =>
            [2, 3].map((dpr) => {
              const here = sent.filter((picture) => picture.page === pagePath(id) && picture.dpr === dpr);
              const widths = (pick: (picture: SentPicture) => number) =>
                [...new Set(here.map((picture) => Math.round(pick(picture))))].join(', ');
              return [
                pagePath(id),
                dpr,
                here.length,
                `${widths((picture) => picture.displayed)} px`,
                `${widths((picture) => picture.sent)} px`,
                here.length ? Math.max(...here.map((picture) => picture.sent / picture.displayed)).toFixed(2) : '–',
                kb(here.reduce((sum, picture) => sum + picture.bytes, 0)),
              ];
            }),
          ),
        ),
        '',
        table(
          ['build', 'time'],
          [
            ['illustrations (empty cache)', `${illustrationBuild.seconds.toFixed(0)} s`],
            [`${everyPhotograph.length} photographs, first run (empty cache)`, `${firstBuild.seconds.toFixed(0)} s`],
            [`${everyPhotograph.length} photographs, second run`, `${secondBuild.seconds.toFixed(0)} s`],
          ],
        ),
        '',
        goalsTable(goals),
      ].join('\n');
      return {
        markdown,
        goals,
        data: {
          rows,
          sent,
          builds: {
            illustrations: illustrationBuild.seconds,
            photographsFirst: firstBuild.seconds,
            photographsSecond: secondBuild.seconds,
            secondReport,
          },
        },
      };
    } finally {
      for (const server of servers) await server.stop();
      await rm(illustrated, { recursive: true, force: true });
      await rm(photographed, { recursive: true, force: true });
    }
  },
};
