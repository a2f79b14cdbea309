import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageCodes, type Language } from '../../common/languages';
import { pageDateKey, pageDates, type PageDate } from '../../common/page-dates';
import type { PageVariant } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { prerenderPage } from './entry-prerender';
import { pageVariants } from './pages';

/**
 * common/page-dates.json says when each page last changed what it says: this test hashes each
 * page's texts as the build renders them and fails when one differs from the hash recorded with
 * its date. `npm run page-dates` (this test with UPDATE_PAGE_DATES=1) records today, and the new
 * hash, for each page that changed, and leaves the others as they are.
 */

const file = path.resolve(import.meta.dirname, '../../common/page-dates.json');
const updating = process.env.UPDATE_PAGE_DATES === '1';

/** Every page the sitemap lists, with each variant the build renders of it (the built-in jobs). */
const dated = sitePages
  .filter((page) => page.sitemap)
  .flatMap((page) => [
    { id: page.id, variant: {} as PageVariant },
    ...pageVariants(page.id).map((variant) => ({ id: page.id, variant })),
  ]);

/**
 * What a page says: its title, its description and the text of its content (not the header and
 * footer every page shares), every served alternative included, without markup and without the
 * date the page shows of itself (marked `data-lastmod`).
 */
export function pageTexts(head: string, html: string): string {
  const meta = [
    /<title>([^<]*)<\/title>/.exec(head)?.[1],
    /<meta name="description" content="([^"]*)"/.exec(head)?.[1],
  ];
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  const content = main
    .replace(/<(\w+)\b[^>]*\bdata-lastmod\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return [...meta, content].join('\n').replace(/\s+/g, ' ').trim();
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

async function hashes(): Promise<Map<string, Record<Language, string>>> {
  const found = new Map<string, Record<Language, string>>();
  for (const { id, variant } of dated) {
    const byLanguage = {} as Record<Language, string>;
    for (const lng of languageCodes) {
      const page = await prerenderPage({ lng, pageId: id, variant });
      byLanguage[lng] = hashOf(pageTexts(page.head, page.html));
    }
    found.set(pageDateKey(id, variant), byLanguage);
  }
  return found;
}

describe('common/page-dates.json', () => {
  it('hashes what a page says, not its markup or the date it shows', () => {
    const head = '<title>Title</title>\n<meta name="description" content="About">';
    const html = (inner: string) =>
      `<header>Menu</header><main id="main"><h1>Title</h1>${inner}</main><footer>©</footer>`;
    expect(pageTexts(head, html('<p class="a">Text</p><p data-lastmod="">May 2026</p>'))).toBe(
      'Title About Title Text',
    );
    expect(pageTexts(head, html('<p class="b">Text</p><p data-lastmod="">June 2026</p>'))).toBe(
      'Title About Title Text',
    );
  });

  it('has a date for every page the sitemap lists, recorded with the hash of its texts as they are now', async () => {
    const now = await hashes();
    const today = new Date().toISOString().slice(0, 10);
    const stale: string[] = [];
    const next: Record<string, Partial<Record<Language, PageDate>>> = { ...pageDates };
    for (const [key, byLanguage] of now) {
      for (const lng of languageCodes) {
        const recorded = pageDates[key]?.[lng];
        if (recorded?.hash === byLanguage[lng]) continue;
        stale.push(`${key} (${lng})`);
        next[key] = { ...next[key], [lng]: { date: today, hash: byLanguage[lng] } };
      }
    }
    if (updating && stale.length > 0) writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
    expect(
      updating ? [] : stale,
      'pages whose texts changed since their date: run `npm run page-dates` and commit common/page-dates.json',
    ).toEqual([]);
    for (const date of Object.values(next).flatMap((byLanguage) => Object.values(byLanguage)))
      expect(date.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }, 120_000);
});
