import { useTranslation } from 'react-i18next';
import { dataNavPages, footerMainPages, isInSection, sitePages } from '../../common/site-pages';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';
import { usePageHref } from '../hooks/use-page-href';
import type texts from '../content/locales/de/sitemap.json';

// This page's texts, in German's shape (the parity test holds the other languages to it).
declare module 'i18next' {
  interface Namespaces {
    sitemap: typeof texts;
  }
}

type ListedPage = Extract<(typeof sitePages)[number], { sitemap: true }>;
const listedPages = sitePages.filter((page): page is ListedPage => page.sitemap);

/**
 * Every page of the site (docs/product.md#pages, and the pages below them): the footer's main
 * pages (the main navigation and News), each with the pages of its section, then the data pages.
 */
export const sitemapTree: { page: ListedPage; children: ListedPage[] }[] = [
  ...footerMainPages.map((page) => ({
    page,
    children: listedPages.filter((child) => child.id !== page.id && isInSection(page.id, child)),
  })),
  ...dataNavPages.map((page) => ({ page, children: [] })),
];

export default function SitemapPage() {
  const { t } = useTranslation('sitemap');
  const { t: common } = useTranslation();
  const href = usePageHref();
  const link = (page: ListedPage) => (
    <a href={href(page.id)} className="text-link text-lg">
      {common(($) => $.pages[page.id])}
    </a>
  );
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
      <Container className="py-12">
        <ul className="grid gap-3 sm:grid-cols-2">
          {sitemapTree.map(({ page, children }) => (
            <li key={page.id}>
              {link(page)}
              {children.length > 0 && (
                <ul className="mt-2 ml-5 flex list-disc flex-col gap-2 marker:text-ink-muted">
                  {children.map((child) => (
                    <li key={child.id}>{link(child)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </Container>
    </>
  );
}
