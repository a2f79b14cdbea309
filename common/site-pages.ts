/**
 * The one page registry: every page of the site (docs/product.md#pages, the newsletter
 * pages and the page that says what became of a form sent without JavaScript),
 * in the order of the main navigation and the sitemap page. The prerenderer, the
 * server's routes, the sitemap, the navigation, the footer and every internal
 * link read it. `id` is also the page's translation namespace, the name of its
 * module in `src/pages/<id>-page.tsx` and the key of its name, `pages.<id>` in
 * common.json: the one place each language names the page, read by the menus, the
 * sitemap page and the mails, and nested by any text that names it
 * (`"title": "$t(common:pages.<id>)"`).
 *
 * - `nav`: `main` in the header's navigation and the footer's Main Pages, `data`
 *   in the footer's legal pages (docs/product.md#layout), `footer` in the footer's Main
 *   Pages only (News: the header's navigation stays as docs/product.md#layout has it).
 * - `section`: the main navigation item a page belongs to (marked as current there,
 *   and listed below it on the sitemap page).
 * - `sitemap`: indexed, listed in sitemap.xml and on the sitemap page.
 */
export const sitePages = [
  { id: 'home', path: '/', sitemap: true, nav: 'main' },
  { id: 'about', path: '/about', sitemap: true, nav: 'main' },
  { id: 'services', path: '/services', sitemap: true, nav: 'main' },
  { id: 'procurement', path: '/services/procurement', sitemap: true, section: 'services' },
  { id: 'logistics', path: '/services/logistics', sitemap: true, section: 'services' },
  { id: 'import-export', path: '/services/import-export', sitemap: true, section: 'services' },
  { id: 'contact', path: '/contact', sitemap: true, nav: 'main' },
  { id: 'careers', path: '/careers', sitemap: true, nav: 'main' },
  { id: 'jobs', path: '/jobs', sitemap: true, section: 'careers' },
  { id: 'application-process', path: '/application-process', sitemap: true, section: 'careers' },
  { id: 'news', path: '/news', sitemap: true, nav: 'footer' },
  { id: 'terms', path: '/terms', sitemap: true, nav: 'data' },
  { id: 'privacy', path: '/privacy', sitemap: true, nav: 'data' },
  { id: 'legal', path: '/legal', sitemap: true, nav: 'data' },
  { id: 'sitemap', path: '/sitemap', sitemap: true, nav: 'data' },
  { id: 'newsletter-confirm', path: '/newsletter/confirm', sitemap: false },
  { id: 'newsletter-unsubscribe', path: '/newsletter/unsubscribe', sitemap: false },
  { id: 'job-alerts-confirm', path: '/jobs/alerts/confirm', sitemap: false },
  { id: 'job-alerts-unsubscribe', path: '/jobs/alerts/unsubscribe', sitemap: false },
  { id: 'form-result', path: '/form-result', sitemap: false },
] as const satisfies readonly {
  id: string;
  path: `/${string}`;
  sitemap: boolean;
  nav?: 'main' | 'data' | 'footer';
  section?: string;
}[];

export type SitePage = (typeof sitePages)[number];
export type SitePageId = SitePage['id'];
/**
 * Pages without an address of their own, shown in place of the one asked for:
 * the page-not-found screen (404, docs/contract.md#difference-4) and, where nginx finds no instance to
 * answer, the page that says the site is briefly unavailable (503).
 */
export const statusPages = [
  { id: 'not-found', status: 404 },
  { id: 'unavailable', status: 503 },
] as const;
export type StatusPageId = (typeof statusPages)[number]['id'];
export type PageId = SitePageId | StatusPageId;

export const isSitePageId = (id: PageId): id is SitePageId => sitePages.some((page) => page.id === id);

/** The pages of one menu (docs/product.md#layout: the main navigation; the footer's legal pages), in order. */
export type NavPage<N extends 'main' | 'data' | 'footer'> = Extract<SitePage, { nav: N }>;
export const mainNavPages = sitePages.filter((page): page is NavPage<'main'> => 'nav' in page && page.nav === 'main');
export const dataNavPages = sitePages.filter((page): page is NavPage<'data'> => 'nav' in page && page.nav === 'data');
/** The footer's Main Pages: the main navigation's and those listed there only (News). */
export const footerMainPages = sitePages.filter(
  (page): page is NavPage<'main' | 'footer'> => 'nav' in page && (page.nav === 'main' || page.nav === 'footer'),
);

export function findPage(id: SitePageId): SitePage {
  const page = sitePages.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`Unknown page ${id}`);
  return page;
}

export function findPageByPath(path: string): SitePage | undefined {
  return sitePages.find((page) => page.path === path);
}

/** Whether `page` is the navigation item `item` or belongs to its section. */
export function isInSection(item: SitePageId, page: SitePage | undefined): boolean {
  if (!page) return false;
  return page.id === item || ('section' in page && page.section === item);
}

/** A page's name as plain text (a document title, a mail): without the hyphenation points (U+00AD) its heading may carry. */
export const plainPageName = (name: string) => name.replaceAll('\u00ad', '');
