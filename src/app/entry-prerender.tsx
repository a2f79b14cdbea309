import { renderToString } from 'react-dom/server';
import type { JobsBoard } from '../../common/jobs';
import type { Language } from '../../common/languages';
import { siteUrlPlaceholder } from '../../common/page-placeholders';
import { localizedPath, type PageVariant } from '../../common/page-urls';
import type { PageId } from '../../common/site-pages';
import { company } from '../../common/company';
import { newsFeedPath, type NewsView } from '../../common/news';
import { newsArticle } from '../features/news/news-article-json-ld';
import { markServedAlternatives } from '../components/served-alternatives';
import { namespaceSource } from '../content/locales/namespace-source';
import { createStaticI18n } from '../features/i18n/create-static-i18n';
import { describePage, pageTitleOf, renderDocumentHead } from './document-head';
import { headScript } from './head-script';
import { islandSource, loadAllIslands, type IslandName, type LoadedIslands } from './islands';
import { islandMarker, type CollectedIsland } from './islands/island';
import { IslandRoot } from './islands/island-root';
import type { PageInfo } from './page-context';
import { sharedPictureOf } from './page-pictures';
import { describeNews, entryOf, newsFeedAt, newsLanguageHrefs } from './news-pages';
import { describeVariant, pageComponent, pageVariants } from './pages';
import { SitePage } from './site-page';
import { sharePictureUrl } from './share-preview';

export { headScript, islandSource, namespaceSource, pageVariants };
export { newsPagesAt } from './news-pages';
export { newsEntries, newsRedirects } from '../content/news';
// The server announces a built-in job that a release adds to the job alerts' subscribers.
export { builtInJobs } from '../content/jobs/built-in-jobs';

export interface PrerenderInput {
  lng: Language;
  pageId: PageId;
  variant?: PageVariant;
  noindex?: boolean;
  /** Makes the page's share picture (scripts/pictures/share-pictures.ts); without it, pages have none. */
  makeSharePicture?: (request: SharePictureRequest) => Promise<MadeSharePicture>;
  /** The jobs of the jobs pages: the server passes the feed's; the build, none (the built-in ones). */
  jobs?: JobsBoard;
  /** On the news page: which page of the list or which entry (docs/decisions/0046-news-entries.md). */
  news?: NewsView;
  /** The time whose published news the page shows; the build's own by default. */
  at?: number;
}

/** The share picture of a page: made from its picture, or a card with its title in its language. */
export interface SharePictureRequest {
  lng: Language;
  /** The page's own title, without the company's name. */
  title: string;
  /** The company's line in the page's language, for the card. */
  tagline: string;
  /** The source file of the page's picture (from the project's root); none for the card. */
  file?: string;
}

export interface MadeSharePicture {
  src: string;
  width: number;
  height: number;
}

export interface PrerenderedPage {
  /** The markup of `<div id="root">`. */
  html: string;
  /** Title, description, canonical and alternates, with the site URL as a placeholder; the images to preload. */
  head: string;
  /** The islands on the page, and the modules they need before they hydrate (as the build manifest names them). */
  islands: IslandName[];
  modules: string[];
}

let islandModules: Promise<LoadedIslands> | undefined;

/** React's renderer puts preloads for the images it meets first; they belong in <head>. */
function takeImagePreloads(html: string, preloads: Set<string>): string {
  return html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, (links) => {
    for (const link of links.match(/<link[^>]*\/>/g) ?? []) preloads.add(link.replace(/\/>$/, '>'));
    return '';
  });
}

/**
 * Renders one page in one language to static HTML. The page is rendered once;
 * each island in it is rendered again as a root of its own, as the browser
 * will hydrate it, and put in its place.
 */
export async function prerenderPage({
  lng,
  pageId,
  variant = {},
  noindex,
  makeSharePicture,
  jobs,
  news,
  at = Date.now(),
}: PrerenderInput): Promise<PrerenderedPage> {
  const modules = await (islandModules ??= loadAllIslands());
  const i18n = createStaticI18n(lng);
  const page: PageInfo = { pageId, lng, variant, jobs, news, at, languageHrefs: news && newsLanguageHrefs(news, at) };
  const collected: CollectedIsland[] = [];
  const preloads = new Set<string>();

  let html = takeImagePreloads(
    renderToString(<SitePage i18n={i18n} page={page} Page={pageComponent(pageId)} islands={{ modules, collected }} />),
    preloads,
  );
  for (const island of collected) {
    const Component = modules[island.name].default;
    const markup = renderToString(
      <IslandRoot i18n={i18n}>
        <Component {...island.props} />
      </IslandRoot>,
      { identifierPrefix: island.id },
    );
    html = html.replace(islandMarker(island.id), () => takeImagePreloads(markup, preloads));
  }
  html = markServedAlternatives(html);
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error(`Prerendering ${pageId} (${lng}) left a suspended or failed boundary`);
  }

  const islands = [...new Set(collected.map((island) => island.name))];
  const namespaces = new Set(['common', ...islands.flatMap((name) => modules[name].namespaces ?? [])]);
  const variantHead = news ? describeNews(news, lng, at, i18n.t) : describeVariant(pageId, variant, lng, i18n.t, jobs);
  const entry = entryOf(news, lng, at);
  const head = describePage({
    t: i18n.t,
    pageId,
    lng,
    siteUrl: siteUrlPlaceholder,
    variant,
    variantHead,
    noindex,
  });
  if (makeSharePicture) {
    const shared = entry?.picture
      ? { picture: entry.picture.image, alt: entry.picture.alt }
      : sharedPictureOf(pageId, i18n.t);
    const file = shared?.picture.file;
    const title = variantHead?.title ?? pageTitleOf(i18n.t, pageId);
    const made = await makeSharePicture({
      lng,
      title,
      tagline: i18n.t(($) => $.footer.tagline),
      file,
    });
    head.share = {
      url: sharePictureUrl(siteUrlPlaceholder, made.src),
      width: made.width,
      height: made.height,
      alt: shared && file ? shared.alt : i18n.t(($) => $.shareCardAlt, { ns: 'pictures', title }),
    };
  }
  if (pageId === 'news' && (news?.kind ?? 'list') === 'list') {
    head.feed = {
      href: `${siteUrlPlaceholder}${localizedPath(newsFeedPath, lng)}`,
      title: `${pageTitleOf(i18n.t, 'news')} – ${company.shortName}`,
    };
  }
  if (entry) head.jsonLd = newsArticle(entry, { siteUrl: siteUrlPlaceholder, image: head.share?.url ?? null });
  return {
    html,
    head: [renderDocumentHead(head), ...preloads].join('\n    '),
    islands,
    modules: [...islands.map(islandSource), ...[...namespaces].map((ns) => namespaceSource(lng, ns))],
  };
}

/** The Atom feed of a language as it is at `at` (docs/decisions/0046-news-entries.md), with the site's address to fill in. */
export function renderNewsFeed(lng: Language, at: number): string {
  return newsFeedAt(lng, at, siteUrlPlaceholder, createStaticI18n(lng).t);
}
