import { createContext, useContext } from 'react';
import type { JobsBoard } from '../../common/jobs';
import type { Language } from '../../common/languages';
import type { NewsView } from '../../common/news';
import type { PageVariant } from '../../common/page-urls';
import type { PageId } from '../../common/site-pages';

/** The page being rendered: every page is rendered once per language and variant, at build time. */
export interface PageInfo {
  pageId: PageId;
  lng: Language;
  variant: PageVariant;
  /** The jobs the jobs pages show: the built-in ones unless the server renders the feed's. */
  jobs?: JobsBoard;
  /** On the news page: which page of the list, or which entry (docs/decisions/0046-news-entries.md). */
  news?: NewsView;
  /** The time whose published news the page shows: the build's, or a later entry's date. */
  at: number;
  /** The language menu's links where they are not this page's in each language (a news entry's translations). */
  languageHrefs?: Partial<Record<Language, string>>;
}

export const PageContext = createContext<PageInfo | null>(null);

export function usePage(): PageInfo {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage needs a PageContext');
  return page;
}
