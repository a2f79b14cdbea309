import { useTranslation } from 'react-i18next';
import { defaultLanguage, isLanguage, type Language } from '../../common/languages';
import { pageHref, type PageLinkOptions } from '../../common/page-urls';
import type { SitePageId } from '../../common/site-pages';

/** The language of the page being shown (in an island too: its i18next instance has the page's language). */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}

/** Makes internal links: a page of the registry, in the language of the page shown. */
export function usePageHref(): (id: SitePageId, options?: PageLinkOptions) => string {
  const lng = usePageLanguage();
  return (id, options) => pageHref(id, lng, options);
}
