/**
 * Bench section "news" (docs/decisions/0046-news-entries.md): Lighthouse (mobile) on the English
 * news list and on an English entry whose picture is a photograph (a camera-like JPEG, 4000 ×
 * 2667, scripts/pictures/photo-like.ts), each beside the same page with its scripts blocked (as
 * every page is measured, docs/benchmarking.md), and /en/about as the sitting's reference, in a
 * copy of the project built in this run with that entry added to the site's own.
 */
import { cp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultLanguage, languageCodes, type Language } from '../../common/languages';
import { newsEntryPath, newsPath } from '../../common/news';
import { localizedPath } from '../../common/page-urls';
import { writeNewsFixture } from '../news/fixtures';
import { photoLikeJpeg } from '../pictures/photo-like';
import { pictureCacheDir } from '../pictures/picture-cache';
import { buildProject, copyProject } from '../pictures/photo-site';
import type { BenchGoal, BenchSection } from './sections';
import { goalsTable, lighthousePair, ms, startServer, table, type LighthouseFigures } from './support';

const photographFile = 'bench-news-photograph.jpg';
/** The list and entry measured: in the first language after German (English), as the other sections do. */
const lng: Language = languageCodes.find((code) => code !== defaultLanguage) ?? defaultLanguage;
const entry = {
  id: 'bench-photograph',
  lng,
  fields: {
    slug: 'bench-an-entry-with-a-photograph',
    title: 'An entry with a photograph, as the company would publish one',
    summary: 'What a news entry with a photograph costs a phone: its picture, its text and its structured data.',
    date: new Date().toISOString().slice(0, 10),
    author: 'Erika Beispiel',
    picture: { file: photographFile, alt: 'A photograph of cocoa pods drying in the sun', credit: 'Westbridge' },
    sources: [{ title: 'Regulation (EU) 2023/1115', url: 'https://eur-lex.europa.eu/eli/reg/2023/1115/oj' }],
  },
  text: Array.from(
    { length: 6 },
    (_, index) =>
      `## Section ${index + 1}\n\nA paragraph of the kind the company writes, with [a link to its services](${localizedPath('/services', lng)}) and **a few words in bold**, long enough to fill a phone's screen twice over once all six sections are there.\n`,
  ).join('\n'),
};

const pages = [
  { name: 'list', path: localizedPath(newsPath, lng) },
  { name: 'entry with a photograph', path: localizedPath(newsEntryPath(entry.fields.slug), lng) },
  // The reference of the same sitting: a page of the site without news.
  { name: 'reference: about', path: localizedPath('/about', lng) },
];
const categories = ['performance', 'accessibility', 'bestPractices', 'seo'] as const;
const scores = (run: LighthouseFigures) => categories.map((category) => run[category]).join(' / ');

export const newsSection: BenchSection = {
  id: 'news',
  title: 'News: the list and an entry with a photograph',
  async run({ root, runs, chromePort }) {
    const site = await copyProject(root, 'bench-news-');
    try {
      await writeNewsFixture(path.join(site, 'src/content/news'), [entry]);
      await writeFile(path.join(site, 'src/content/images', photographFile), await photoLikeJpeg({ seed: 41 }));
      const cacheDir = path.join(site, '.tmp/picture-cache');
      if (existsSync(pictureCacheDir(root))) await cp(pictureCacheDir(root), cacheDir, { recursive: true });
      await buildProject(site, { PICTURE_CACHE_DIR: cacheDir });
      const server = await startServer(site);
      try {
        const rows: { name: string; path: string; site: LighthouseFigures; blocked: LighthouseFigures }[] = [];
        for (const page of pages) {
          rows.push({ ...page, ...(await lighthousePair(`${server.url}${page.path}`, chromePort, server.url, runs)) });
        }
        const goals: BenchGoal[] = rows
          .filter((row) => !row.name.startsWith('reference'))
          .flatMap((row) => [
            {
              goal: `${row.name}: 100 in all four categories`,
              measured: scores(row.site),
              met: categories.every((category) => row.site[category] === 100),
            },
            {
              goal: `${row.name}: performance within 0.03 and TBT within 100 ms of the page without scripts`,
              measured: `${row.site.performance} vs ${row.blocked.performance}, TBT ${ms(row.site.tbt)} vs ${ms(row.blocked.tbt)}`,
              met: row.blocked.performance - row.site.performance <= 3 && row.site.tbt - row.blocked.tbt <= 100,
            },
          ]);
        const markdown = [
          `Lighthouse (mobile), median of ${runs}, on ${pages.map((page) => `\`${page.path}\``).join(' and ')};`,
          'performance / accessibility / best practices / SEO, then the load, beside the same page with its scripts blocked.',
          '',
          table(
            ['page', 'scores', 'LCP', 'TBT', 'CLS', 'KB', 'blocked: scores', 'LCP', 'KB', 'failed audits'],
            rows.map((row) => [
              row.name,
              scores(row.site),
              ms(row.site.lcp),
              ms(row.site.tbt),
              row.site.cls.toFixed(3),
              Math.round(row.site.bytes / 1024),
              scores(row.blocked),
              ms(row.blocked.lcp),
              Math.round(row.blocked.bytes / 1024),
              [...row.site.failedAudits, ...row.blocked.failedAudits].join(', ') || '–',
            ]),
          ),
          '',
          goalsTable(goals),
        ].join('\n');
        return { markdown, goals, data: rows };
      } finally {
        await server.stop();
      }
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  },
};
