import { useTranslation } from 'react-i18next';
import type { Language } from '../../../common/languages';
import { newsPath } from '../../../common/news';
import { Container } from '../../components/container';
import type { NewsEntry } from '../../content/news';
import { newsDate, newsHref } from './news-format';

/** Who wrote an entry and when, below its title. */
export function NewsByline({ entry, lng }: { entry: NewsEntry; lng: Language }) {
  const { t } = useTranslation('news');
  return (
    <p className="mt-5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
      <time dateTime={entry.date}>{t(($) => $.entry.published, { date: newsDate(entry.date, lng) })}</time>
      {entry.updated && (
        <time dateTime={entry.updated}>{t(($) => $.entry.updated, { date: newsDate(entry.updated, lng) })}</time>
      )}
      {entry.author && <span>{t(($) => $.entry.by, { author: entry.author })}</span>}
    </p>
  );
}

/** An entry's text (rendered and checked at build time), its sources and the way back to the list. */
export function NewsArticleBody({ entry, lng }: { entry: NewsEntry; lng: Language }) {
  const { t } = useTranslation('news');
  return (
    <Container className="py-12">
      {/* Markdown rendered by the build without raw HTML (scripts/news/markdown.ts). */}
      <div className="news-text max-w-3xl" dangerouslySetInnerHTML={{ __html: entry.html }} />
      {entry.sources.length > 0 && (
        <section aria-labelledby="news-sources" className="mt-12 max-w-3xl border-t border-line pt-6">
          <h2 id="news-sources" className="text-lg font-semibold text-ink">
            {t(($) => $.entry.sources)}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-ink-muted">
            {entry.sources.map((source) => (
              <li key={source.url}>
                <a href={source.url} className="text-link break-words" rel="noopener noreferrer">
                  {source.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="mt-12">
        <a href={newsHref(newsPath, lng)} className="text-link">
          {t(($) => $.entry.back)}
        </a>
      </p>
    </Container>
  );
}
