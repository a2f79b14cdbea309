/**
 * `npm run dev`: the Vite dev server renders each page on request as the
 * build prerenders it (same components, same islands), so development runs the
 * same HTML and the same hydration as the built site, with hot reload.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { fillPagePlaceholders, type PageSettings } from '../common/page-placeholders.ts';
import { isAnalyticsProvider, newsletterProviders, newsletterTrackings } from '../common/services.ts';
import { languageOfPrefix, localizedPath, pageAtPath } from '../common/page-urls.ts';
import type * as PrerenderEntry from '../src/app/entry-prerender';
import { pageDocument } from '../server/documents/page-document.ts';

type PrerenderModule = typeof PrerenderEntry;

/** The settings the API server of `npm run dev` reads, as the built server puts them into pages. */
function devSettings(siteUrl: string): PageSettings {
  const provider = process.env.ANALYTICS_PROVIDER?.trim().toLowerCase();
  const scriptUrl = process.env.ANALYTICS_SCRIPT_URL?.trim();
  const newsletter = process.env.NEWSLETTER_PROVIDER?.trim().toLowerCase();
  return {
    siteUrl,
    analytics:
      scriptUrl && isAnalyticsProvider(provider)
        ? { provider, scriptUrl, integrity: process.env.ANALYTICS_SCRIPT_INTEGRITY?.trim() || null }
        : null,
    newsletterProvider: newsletterProviders.find((name) => name === newsletter) ?? null,
    newsletterTracking:
      newsletterTrackings.find((value) => value === process.env.NEWSLETTER_TRACKING?.trim().toLowerCase()) ?? null,
    jobsSource: process.env.JOBS_FEED_URL?.trim() ? 'personio' : 'built-in',
  };
}

async function renderPage(server: ViteDevServer, url: URL) {
  const entry = (await server.ssrLoadModule('/src/app/entry-prerender.tsx')) as PrerenderModule;
  // The address decides the language, as in the built site; the root here is always German.
  const found = pageAtPath(url.pathname);
  const page = found?.page;
  const lng = found?.lng ?? languageOfPrefix(url.pathname);
  const variant = page
    ? entry
        .pageVariants(page.id)
        .find((candidate) => Object.entries(candidate).every(([key, value]) => url.searchParams.get(key) === value))
    : undefined;
  // A page of the news section at its own address (an entry, a later page of the list), as it is now.
  const now = Date.now();
  const news = entry
    .newsPagesAt(now)
    .find(
      (plan) => plan.kind !== 'feed' && plan.kind !== 'home' && localizedPath(plan.path, plan.lng) === url.pathname,
    );
  const rendered = await entry.prerenderPage({
    lng: news?.lng ?? lng,
    pageId: news ? 'news' : (page?.id ?? 'not-found'),
    variant,
    noindex: page ? !page.sitemap : !news,
    news: news?.view,
    at: now,
  });
  const template = await readFile(path.join(server.config.root, 'index.html'), 'utf8');
  const html = pageDocument(template, { lng, headScript: entry.headScript, head: rendered.head, html: rendered.html });
  const siteUrl = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? url.origin;
  return {
    status: news ? news.status : page ? 200 : 404,
    html: await server.transformIndexHtml(
      url.pathname + url.search,
      fillPagePlaceholders(html, { ...devSettings(siteUrl), year: new Date().getFullYear() }),
    ),
  };
}

export function devPages(): Plugin {
  return {
    name: 'westbridge-dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        const isPage =
          request.method === 'GET' &&
          request.headers.accept?.includes('text/html') &&
          !/^\/(@|src\/|node_modules\/)|\.\w+$/.test(url.pathname);
        if (!isPage) return next();
        renderPage(server, url).then(
          ({ status, html }) => {
            response.statusCode = status;
            response.setHeader('Content-Type', 'text/html; charset=utf-8');
            response.end(html);
          },
          (error: unknown) => {
            if (error instanceof Error) server.ssrFixStacktrace(error);
            next(error);
          },
        );
      });
    },
  };
}
