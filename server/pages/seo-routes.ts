import type { FastifyInstance } from 'fastify';
import { languageCodes, type Language } from '../../common/languages';
import { pageDate } from '../../common/page-dates';
import { alternateLinks, localizedPath, pageUrl, searchOf, type PageVariant } from '../../common/page-urls';
import { sitePages, type SitePage } from '../../common/site-pages';
import { servedAt } from '../documents/page-manifest';
import type { PageStore } from '../documents/page-store';

/** The open positions of a Personio feed as the sitemap lists them (server/jobs/served-feed.ts); `key` changes with them. */
export interface SitemapJobs {
  readonly key: string;
  sitemap(): { list: number | null; jobs: { id: string; changedAt: number }[] };
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * When a page last changed in a language: the date common/page-dates.json records for its texts,
 * or when the feed last changed it (a job, the jobs list), whichever is later.
 */
function lastmod(page: SitePage, lng: Language, variant: PageVariant, changedAt: number | null | undefined): string {
  const date = pageDate(page.id, lng, variant);
  const value =
    changedAt && (!date || changedAt > Date.parse(date))
      ? new Date(changedAt).toISOString().replace(/\.\d{3}Z$/, 'Z')
      : date;
  return value ? `    <lastmod>${value}</lastmod>\n` : '';
}

/**
 * Every indexable page and variant, once per language, each with its
 * alternates and when it last changed. With a Personio feed, the jobs are the
 * feed's open positions, each with when it last changed, instead of the built-in ones.
 */
export function renderSitemap(
  siteUrl: string,
  pages: PageStore,
  feed?: ReturnType<SitemapJobs['sitemap']>,
  now: number = Date.now(),
): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  const base = siteUrl.replace(/\/+$/, '');
  const add = (page: SitePage, variant: PageVariant, changedAt?: number | null) => {
    const key = `${page.id}${searchOf(variant)}`;
    if (seen.has(key)) return;
    seen.add(key);
    const alternates = alternateLinks(siteUrl, page.id, variant)
      .map((link) => `    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${xmlEscape(link.href)}"/>`)
      .join('\n');
    for (const lng of languageCodes) {
      urls.push(
        `  <url>\n    <loc>${xmlEscape(pageUrl(siteUrl, page.id, lng, variant))}</loc>\n${lastmod(page, lng, variant, changedAt)}${alternates}\n  </url>`,
      );
    }
  };
  for (const entry of pages.manifest.pages) {
    const page = sitePages.find((candidate) => candidate.id === entry.id);
    if (!page?.sitemap || !servedAt(entry, now)) continue;
    // The news section's pages, each with its own languages and last change (docs/decisions/0046-news-entries.md).
    if (page.id === 'news' && entry.path !== null) {
      if (entry.type === 'atom' || entry.status !== 200) continue;
      const links =
        entry.path === page.path
          ? alternateLinks(siteUrl, page.id)
          : (entry.alternates ?? []).map((link) => ({ hreflang: link.hreflang, href: `${base}${link.path}` }));
      // An entry in one language is one <url> without alternates.
      const languages = links.filter((link) => link.hreflang !== 'x-default');
      const lines = [
        `    <loc>${xmlEscape(`${base}${localizedPath(entry.path, entry.lng)}`)}</loc>`,
        // Its entries' dates (updated, else published), not a record of its texts.
        entry.lastmod
          ? `    <lastmod>${new Date(entry.lastmod).toISOString().replace(/\.\d{3}Z$/, 'Z')}</lastmod>`
          : '',
        ...(languages.length > 1 ? links : []).map(
          (link) => `    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${xmlEscape(link.href)}"/>`,
        ),
      ];
      urls.push(`  <url>\n${lines.filter(Boolean).join('\n')}\n  </url>`);
      continue;
    }
    if (feed && page.id === 'jobs') {
      if (Object.keys(entry.variant).length) continue;
      add(page, {}, feed.list);
      for (const job of feed.jobs) add(page, { job: job.id }, job.changedAt);
    } else {
      add(page, entry.variant);
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export async function seoRoutes(
  app: FastifyInstance,
  { siteUrl, pages, jobsFeed = null }: { siteUrl: string; pages: PageStore; jobsFeed?: SitemapJobs | null },
): Promise<void> {
  let rendered = { key: '', text: '' };
  // The sitemap follows the jobs the instance serves (with a feed) and the news published by now, rendered again when they change.
  const timed = pages.manifest.pages.filter((entry) => entry.from !== undefined || entry.until !== undefined);
  const sitemap = () => {
    const now = Date.now();
    const key = `${jobsFeed?.key ?? ''} ${timed.map((entry) => (servedAt(entry, now) ? 1 : 0)).join('')}`;
    if (rendered.key !== key) rendered = { key, text: renderSitemap(siteUrl, pages, jobsFeed?.sitemap(), now) };
    return rendered.text;
  };
  const robots = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap()),
  );
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
}
