/**
 * Every page of the site (SPEC 2 plus DESIGN's newsletter pages and the page
 * that says what became of a form sent without JavaScript). The client
 * router, the prerenderer, the server and the sitemap all read this list.
 * `id` is also the page's translation namespace and the name of its module in
 * `src/pages/<id>-page.tsx`.
 */
export const sitePages = [
  { id: 'home', path: '/', sitemap: true },
  { id: 'about', path: '/about', sitemap: true },
  { id: 'services', path: '/services', sitemap: true },
  { id: 'procurement', path: '/services/procurement', sitemap: true },
  { id: 'logistics', path: '/services/logistics', sitemap: true },
  { id: 'import-export', path: '/services/import-export', sitemap: true },
  { id: 'careers', path: '/careers', sitemap: true },
  { id: 'jobs', path: '/jobs', sitemap: true },
  { id: 'application-process', path: '/application-process', sitemap: true },
  { id: 'contact', path: '/contact', sitemap: true },
  { id: 'terms', path: '/terms', sitemap: true },
  { id: 'privacy', path: '/privacy', sitemap: true },
  { id: 'legal', path: '/legal', sitemap: true },
  { id: 'sitemap', path: '/sitemap', sitemap: true },
  { id: 'newsletter-confirm', path: '/newsletter/confirm', sitemap: false },
  { id: 'newsletter-unsubscribe', path: '/newsletter/unsubscribe', sitemap: false },
  { id: 'form-result', path: '/form-result', sitemap: false },
] as const;

export type SitePage = (typeof sitePages)[number];
export type PageId = SitePage['id'] | 'not-found';

/** The page shown, with status 404, for any other path. */
export const notFoundPage = { id: 'not-found', path: null, sitemap: false } as const;

export function findPageByPath(path: string): SitePage | undefined {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return sitePages.find((page) => page.path === normalized);
}
