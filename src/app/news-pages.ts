import type { TFunction } from 'i18next';
import { company } from '../../common/company';
import { defaultLanguage, languageCodes, type Language } from '../../common/languages';
import {
  entriesOfPage,
  lastChange,
  newsEntryPath,
  newsFeedPath,
  newsListPath,
  newsPageCount,
  newsPath,
  newestFirst,
  type NewsView,
} from '../../common/news';
import { localizedPath } from '../../common/page-urls';
import { newsEntries, publishedEntries, translationsOf, type NewsEntry } from '../content/news';
import { latestNewsCount } from '../features/news/latest-news';
import { atomFeed } from '../features/news/news-feed';
import type { VariantHead } from './document-head';

/**
 * The pages of the news section at a time (docs/decisions/0046-news-entries.md): which
 * addresses exist then and what each shows. The build renders them for its own time and for
 * each later entry's date; `key` tells whether a page shows the same at two times, so it is
 * rendered once for as long as it does not change.
 */
export interface NewsPagePlan {
  kind: 'list' | 'entry' | 'gone' | 'feed' | 'home';
  lng: Language;
  /** Without the language's prefix: `/news/page/2`, `/news/<slug>`, `/news/feed.xml`, `/` for the home page. */
  path: string;
  view?: NewsView;
  status: 200 | 410;
  /** What the page depends on at this time: the same key, the same page. */
  key: string;
  /** The newest change among the entries it shows, for the sitemap. */
  lastmod?: string;
  /** An entry's languages at this time (addresses with their prefix), `x-default` its German one or its first; absent: the registry's. */
  alternates?: { hreflang: Language | 'x-default'; path: string }[];
}

const ids = (entries: readonly NewsEntry[]) => entries.map((entry) => `${entry.lng}/${entry.id}`).join(' ');
const newest = (entries: readonly NewsEntry[]) => entries.map(lastChange).sort().at(-1);

const entryAddress = (entry: NewsEntry) => localizedPath(newsEntryPath(entry.slug), entry.lng);

/** An entry's versions published at `at`, in the order of the language menu. */
function languagesOf(id: string, at: number): NewsEntry[] {
  const versions = translationsOf(id, at);
  return languageCodes.flatMap((lng) => versions.filter((entry) => entry.lng === lng));
}

function alternatesOf(versions: readonly NewsEntry[]): NewsPagePlan['alternates'] {
  const first = versions.find((entry) => entry.lng === defaultLanguage) ?? versions[0];
  return [
    ...versions.map((entry) => ({ hreflang: entry.lng, path: entryAddress(entry) })),
    ...(first ? [{ hreflang: 'x-default' as const, path: entryAddress(first) }] : []),
  ];
}

/** Every page of the section at `at`, in every language, with the home pages that show the latest entries. */
export function newsPagesAt(at: number): NewsPagePlan[] {
  const plans: NewsPagePlan[] = [];
  for (const lng of languageCodes) {
    const entries = publishedEntries(lng, at);
    plans.push({ kind: 'home', lng, path: '/', status: 200, key: ids(entries.slice(0, latestNewsCount)) });
    const pageCount = newsPageCount(entries.length);
    for (let page = 1; page <= pageCount; page++) {
      const shown = entriesOfPage(entries, page);
      plans.push({
        kind: 'list',
        lng,
        path: newsListPath(page),
        view: { kind: 'list', page },
        status: 200,
        key: `${pageCount} ${ids(shown)}`,
        lastmod: newest(shown),
      });
    }
    plans.push({ kind: 'feed', lng, path: newsFeedPath, status: 200, key: ids(entries) || String(at) });
    for (const entry of entries) {
      const versions = languagesOf(entry.id, at);
      plans.push({
        kind: 'entry',
        lng,
        path: newsEntryPath(entry.slug),
        view: { kind: 'entry', id: entry.id },
        status: 200,
        key: ids(versions),
        lastmod: lastChange(entry),
        alternates: alternatesOf(versions),
      });
    }
  }
  // Withdrawn entries answer 410 at their address, whenever asked.
  for (const entry of newsEntries.filter((candidate) => candidate.retracted !== null)) {
    plans.push({
      kind: 'gone',
      lng: entry.lng,
      path: newsEntryPath(entry.slug),
      view: { kind: 'gone', id: entry.id },
      status: 410,
      key: 'gone',
    });
  }
  return plans;
}

/** The latest entries the home page of a language shows at `at`. */
export const latestEntries = (lng: Language, at: number) => publishedEntries(lng, at).slice(0, latestNewsCount);

/** A news page's own title, description and addresses. */
export function describeNews(view: NewsView, lng: Language, at: number, t: TFunction): VariantHead | undefined {
  if (view.kind === 'list') {
    if (view.page <= 1) return undefined;
    return {
      title: t(($) => $.pageTitle, { ns: 'news', page: view.page }),
      description: t(($) => $.meta.description, { ns: 'news' }),
      path: newsListPath(view.page),
      // Another language's list may have fewer pages: a later page names no alternates.
      alternates: [],
    };
  }
  const versions = view.kind === 'gone' ? translationsOf(view.id, at, { withdrawn: true }) : languagesOf(view.id, at);
  const entry = versions.find((candidate) => candidate.lng === lng);
  if (!entry) throw new Error(`News entry ${view.id} has no ${lng} version at ${new Date(at).toISOString()}`);
  if (view.kind === 'gone') {
    return {
      title: t(($) => $.gone.title, { ns: 'news' }),
      description: t(($) => $.gone.description, { ns: 'news' }),
      path: newsEntryPath(entry.slug),
      alternates: [],
    };
  }
  return {
    title: entry.title,
    description: entry.summary,
    path: newsEntryPath(entry.slug),
    alternates: alternatesOf(versions),
  };
}

/** The entry a news page shows, where it shows one. */
export function entryOf(view: NewsView | undefined, lng: Language, at: number): NewsEntry | undefined {
  if (view?.kind !== 'entry') return undefined;
  return translationsOf(view.id, at).find((entry) => entry.lng === lng);
}

/**
 * The language menu's links on a news page: an entry's translation where it has one, else
 * that language's list (also from a list's later page, which may not exist in another).
 */
export function newsLanguageHrefs(view: NewsView, at: number): Partial<Record<Language, string>> {
  const versions = view.kind === 'entry' ? translationsOf(view.id, at) : [];
  return Object.fromEntries(
    languageCodes.map((lng) => {
      const version = versions.find((entry) => entry.lng === lng);
      return [lng, localizedPath(version ? newsEntryPath(version.slug) : newsPath, lng)];
    }),
  );
}

/** The Atom feed of a language at `at`, with the site's address as the build's placeholder. */
export function newsFeedAt(lng: Language, at: number, siteUrl: string, t: TFunction): string {
  return atomFeed({
    lng,
    entries: publishedEntries(lng, at).sort(newestFirst),
    siteUrl,
    at,
    texts: {
      title: `${t(($) => $.meta.title, { ns: 'news' })} – ${company.shortName}`,
      subtitle: t(($) => $.meta.description, { ns: 'news' }),
    },
  });
}
