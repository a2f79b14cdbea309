import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { JobsBoard } from '../../common/jobs';
import type { Language } from '../../common/languages';
import type { NewsView } from '../../common/news';
import { pageAtPath } from '../../common/page-urls';
import { loadAllIslands } from '../app/islands';
import { IslandContext } from '../app/islands/island';
import { PageContext } from '../app/page-context';
import { createStaticI18n } from '../features/i18n/create-static-i18n';

// Islands render in place here, each with its component loaded up front.
const modules = await loadAllIslands();

/**
 * Renders UI inside what a page provides: every text loaded, the page it is on
 * (the address is set to `path`), and islands rendered in place.
 */
export function renderWithProviders(
  ui: ReactNode,
  {
    lng = 'en',
    path = '/',
    jobs,
    news,
    at = Date.now(),
  }: { lng?: Language; path?: string; jobs?: JobsBoard; news?: NewsView; at?: number } = {},
) {
  window.history.replaceState(null, '', path);
  const i18n = createStaticI18n(lng);
  const url = new URL(path, window.location.origin);
  const page = pageAtPath(url.pathname)?.page;
  const variant = Object.fromEntries(url.searchParams);
  const result: RenderResult = render(
    <I18nextProvider i18n={i18n}>
      <PageContext value={{ pageId: page?.id ?? 'not-found', lng, variant, jobs, news, at }}>
        <IslandContext value={{ modules }}>{ui}</IslandContext>
      </PageContext>
    </I18nextProvider>,
  );
  return { ...result, i18n };
}

/** The texts of a language as the pages show them, for a test's expectations. */
export const textsOf = (lng: Language) => createStaticI18n(lng).t;
