import type { FastifyInstance } from 'fastify';
import { languageCodes } from '../../common/languages';
import { alternateLinks, pageUrl, searchOf } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import type { PageStore } from './page-store';

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every indexable page and variant, once per language, each with its alternates. */
export function renderSitemap(siteUrl: string, pages: PageStore): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of pages.manifest.pages) {
    const page = sitePages.find((candidate) => candidate.id === entry.id);
    if (!page?.sitemap) continue;
    const key = `${page.id}${searchOf(entry.variant)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const alternates = alternateLinks(siteUrl, page.id, entry.variant)
      .map((link) => `    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${xmlEscape(link.href)}"/>`)
      .join('\n');
    for (const lng of languageCodes) {
      urls.push(
        `  <url>\n    <loc>${xmlEscape(pageUrl(siteUrl, page.id, lng, entry.variant))}</loc>\n${alternates}\n  </url>`,
      );
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
  { siteUrl, pages }: { siteUrl: string; pages: PageStore },
): Promise<void> {
  const sitemap = renderSitemap(siteUrl, pages);
  const robots = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
}
