import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { isLanguage } from '../../common/languages';
import type { PageVariant } from '../../common/page-urls';
import { applyDocumentHead, describePage } from './document-head';
import type { PageDataSource, RouteHandle } from './route-handle';
import { siteUrlFromDocument } from './site-url';

const noData: PageDataSource = { subscribe: () => () => {}, version: () => 0 };

export function variantFromSearch(search: string, params: readonly string[] = []): PageVariant {
  const query = new URLSearchParams(search);
  return Object.fromEntries(params.flatMap((name) => (query.has(name) ? [[name, query.get(name) ?? '']] : [])));
}

/**
 * Keeps <html lang>, title, description, canonical and hreflang links in step
 * with the route and the language, and moves focus to the main content after
 * a client-side navigation so screen readers start at the new page.
 */
export function useDocumentHead(): void {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const pageId = handle?.pageId ?? 'not-found';
  const lng = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'de';
  const isFirstRender = useRef(true);
  // A variant's title (one job's) may arrive after the route, e.g. after a language switch.
  const data = handle?.variantData ?? noData;
  const dataVersion = useSyncExternalStore(data.subscribe, data.version, data.version);

  useEffect(() => {
    const variant = variantFromSearch(search, handle?.variantParams);
    applyDocumentHead(
      describePage({
        t,
        pageId,
        path: pageId === 'not-found' ? null : pathname,
        lng,
        siteUrl: siteUrlFromDocument(),
        variant,
        variantHead: handle?.describeVariant?.(variant, lng),
        noindex: handle?.noindex,
      }),
    );
  }, [t, pageId, pathname, search, lng, handle, dataVersion]);

  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
