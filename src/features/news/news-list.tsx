import { useTranslation } from 'react-i18next';
import type { Language } from '../../../common/languages';
import { newsEntryPath, newsFeedPath, newsListPath } from '../../../common/news';
import type { NewsEntry } from '../../content/news';
import { newsDate, newsHref } from './news-format';

/** One entry in a list: its title as a link to it (a heading of `level`), its date and its summary. */
export function NewsCard({ entry, lng, level }: { entry: NewsEntry; lng: Language; level: 2 | 3 }) {
  const Heading = `h${level}` as const;
  return (
    <article className="card flex min-w-0 flex-col wrap-break-word hyphens-auto">
      <Heading className="order-2 text-xl font-semibold text-ink">
        <a href={newsHref(newsEntryPath(entry.slug), lng)} className="text-link">
          {entry.title}
        </a>
      </Heading>
      <p className="order-1 mb-2 text-sm text-ink-muted">
        <time dateTime={entry.date}>{newsDate(entry.date, lng)}</time>
      </p>
      <p className="order-3 mt-3 leading-relaxed text-ink-muted">{entry.summary}</p>
    </article>
  );
}

/** Links to the list's other pages: newer, each page by its number, older. */
function Pagination({ page, pageCount, lng }: { page: number; pageCount: number; lng: Language }) {
  const { t } = useTranslation('news');
  if (pageCount <= 1) return null;
  const href = (number: number) => newsHref(newsListPath(number), lng);
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <nav aria-label={t(($) => $.pagination.label)} className="mt-10">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <a href={href(page - 1)} rel="prev" className="button button-secondary">
              {t(($) => $.pagination.newer)}
            </a>
          </li>
        )}
        {pages.map((number) => (
          <li key={number}>
            <a
              href={href(number)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={t(($) => $.pagination.page, { page: number })}
              className={`pagination-link ${number === page ? 'pagination-link-current' : ''}`}
            >
              {number}
            </a>
          </li>
        ))}
        {page < pageCount && (
          <li>
            <a href={href(page + 1)} rel="next" className="button button-secondary">
              {t(($) => $.pagination.older)}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** A page of the list: its entries newest first, the other pages, and the feed. */
export function NewsList({
  entries,
  page,
  pageCount,
  lng,
}: {
  entries: readonly NewsEntry[];
  page: number;
  pageCount: number;
  lng: Language;
}) {
  const { t } = useTranslation('news');
  return (
    <>
      {entries.length === 0 ? (
        <p className="text-lg leading-relaxed text-ink-muted">{t(($) => $.empty)}</p>
      ) : (
        <ol className="grid gap-6">
          {entries.map((entry) => (
            <li key={entry.id} className="flex">
              <NewsCard entry={entry} lng={lng} level={2} />
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} lng={lng} />
      <p className="mt-10">
        <a href={newsHref(newsFeedPath, lng)} type="application/atom+xml" className="text-link">
          {t(($) => $.feed)}
        </a>
      </p>
    </>
  );
}
