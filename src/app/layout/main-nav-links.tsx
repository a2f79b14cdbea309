import { useTranslation } from 'react-i18next';
import { isInSection, mainNavPages, sitePages, type PageId } from '../../../common/site-pages';
import { usePageHref } from '../../hooks/use-page-href';

/** The main navigation's links; the current page and its section are marked for everyone (`aria-current`). */
export function MainNavLinks({ pageId, linkClassName }: { pageId: PageId; linkClassName: string }) {
  const { t } = useTranslation();
  const href = usePageHref();
  const shown = sitePages.find((page) => page.id === pageId);
  return mainNavPages.map((item) => {
    // The page itself is "page"; a page of its section (a service, a job) is "true".
    const current = item.id === pageId ? 'page' : isInSection(item.id, shown) ? 'true' : undefined;
    return (
      <li key={item.id}>
        <a href={href(item.id)} className={linkClassName} aria-current={current}>
          {t(($) => $.pages[item.id])}
        </a>
      </li>
    );
  });
}
