import { useTranslation } from 'react-i18next';
import { sitePages } from '../../common/site-pages';
import { dataNavItems, isCurrentSection, mainNavItems } from '../app/layout/nav-items';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';

type ListedPage = Extract<(typeof sitePages)[number], { sitemap: true }>;
const listedPages = sitePages.filter((page): page is ListedPage => page.sitemap);
const byPath = (path: string) => listedPages.find((page) => page.path === path);

/**
 * Every page of the site (SPEC 2's ten and the pages below them): the main
 * navigation, each item with the pages of its section, then the data pages.
 */
export const sitemapTree = [
  ...mainNavItems.map((item) => ({
    page: byPath(item.to),
    children: listedPages.filter((page) => page.path !== item.to && isCurrentSection(item, page.path)),
  })),
  ...dataNavItems.map((item) => ({ page: byPath(item.to), children: [] })),
].filter((entry): entry is { page: ListedPage; children: ListedPage[] } => entry.page !== undefined);

export default function SitemapPage() {
  const { t } = useTranslation('sitemap');
  const link = (page: ListedPage) => (
    <a href={page.path} className="text-link text-lg">
      {t(($) => $.links[page.id])}
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
