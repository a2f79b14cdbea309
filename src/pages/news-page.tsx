import { useTranslation } from 'react-i18next';
import { entriesOfPage, newsPageCount, type NewsView } from '../../common/news';
import { Container } from '../components/container';
import { PageHeader } from '../components/page-header';
import { ResponsivePicture } from '../components/responsive-picture';
import { publishedEntries, translationsOf } from '../content/news';
import type texts from '../content/locales/de/news.json';
import { usePage } from '../app/page-context';
import { NewsArticleBody, NewsByline } from '../features/news/news-article';
import { newsHref } from '../features/news/news-format';
import { NewsList } from '../features/news/news-list';
import { newsPath } from '../../common/news';

// This page's texts, in German's shape (the parity test holds the other languages to it).
declare module 'i18next' {
  interface Namespaces {
    news: typeof texts;
  }
}

/** The news section: a page of the list, an entry, or an entry withdrawn (docs/decisions/0046-news-entries.md). */
export default function NewsPage() {
  const { t } = useTranslation('news');
  const { lng, news = { kind: 'list', page: 1 } satisfies NewsView, at } = usePage();

  if (news.kind === 'gone') {
    return (
      <PageHeader title={t(($) => $.gone.title)} lead={t(($) => $.gone.text)}>
        <p className="mt-8">
          <a href={newsHref(newsPath, lng)} className="button button-primary">
            {t(($) => $.gone.back)}
          </a>
        </p>
      </PageHeader>
    );
  }

  if (news.kind === 'entry') {
    const entry = translationsOf(news.id, at).find((candidate) => candidate.lng === lng);
    if (!entry) throw new Error(`News entry ${news.id} (${lng}) is not published at ${new Date(at).toISOString()}`);
    const picture = entry.picture && (
      <figure className="min-w-0">
        <ResponsivePicture
          picture={entry.picture.image}
          alt={entry.picture.alt}
          loading="high"
          className="block aspect-3/2 h-auto w-full rounded-2xl border border-line object-cover shadow-sm"
        />
        <figcaption className="mt-2 text-sm text-ink-muted">
          {t(($) => $.entry.credit, { credit: entry.picture.credit })}
        </figcaption>
      </figure>
    );
    return (
      <>
        <PageHeader title={entry.title} lead={entry.summary} media={picture || undefined}>
          <NewsByline entry={entry} lng={lng} />
        </PageHeader>
        <NewsArticleBody entry={entry} lng={lng} />
      </>
    );
  }

  const entries = publishedEntries(lng, at);
  return (
    <>
      <PageHeader title={t(($) => $.title)} lead={t(($) => $.lead)} />
      <Container className="py-12">
        <NewsList
          entries={entriesOfPage(entries, news.page)}
          page={news.page}
          pageCount={newsPageCount(entries.length)}
          lng={lng}
        />
      </Container>
    </>
  );
}
