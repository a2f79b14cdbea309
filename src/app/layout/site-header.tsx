import { useTranslation } from 'react-i18next';
import { searchOf } from '../../../common/page-urls';
import { usePageHref } from '../../hooks/use-page-href';
import { Logo } from '../../components/logo';
import { Island } from '../islands/island';
import { usePage } from '../page-context';
import { MainNavLinks } from './main-nav-links';

export function SiteHeader() {
  const { t } = useTranslation();
  const { pageId, variant, languageHrefs } = usePage();
  const href = usePageHref();
  return (
    // A container, so the navigation folds into the menu by the header's width in rem: large text folds it too (WCAG 1.4.4).
    <header className="@container fixed inset-x-0 top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
        <a href={href('home')} className="rounded-md" aria-label={t(($) => $.nav.homeLogo)}>
          <Logo compact />
        </a>
        <nav aria-label={t(($) => $.nav.label)} className="hidden @3xl:block">
          <ul className="flex items-center gap-1">
            <MainNavLinks pageId={pageId} linkClassName="nav-link" />
          </ul>
        </nav>
        <Island
          name="header-controls"
          props={{ pageId, search: searchOf(variant), ...(languageHrefs ? { languageHrefs } : {}) }}
          className="flex items-center gap-1"
        />
      </div>
    </header>
  );
}
