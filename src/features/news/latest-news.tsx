import { useTranslation } from 'react-i18next';
import type { Language } from '../../../common/languages';
import { newsPath } from '../../../common/news';
import { CardGrid } from '../../components/card-grid';
import { Section } from '../../components/section';
import type { NewsEntry } from '../../content/news';
import { newsHref } from './news-format';
import { NewsCard } from './news-list';

/** How many entries the home page shows. */
export const latestNewsCount = 3;

/** The newest entries of the page's language, for the home page; nothing at all when there are none. */
export function LatestNews({ entries, lng }: { entries: readonly NewsEntry[]; lng: Language }) {
  const { t } = useTranslation('news');
  if (entries.length === 0) return null;
  return (
    <Section title={t(($) => $.latest.title)}>
      <CardGrid>
        {entries.slice(0, latestNewsCount).map((entry) => (
          <NewsCard key={entry.id} entry={entry} lng={lng} level={3} />
        ))}
      </CardGrid>
      <p className="mt-8">
        <a href={newsHref(newsPath, lng)} className="text-link">
          {t(($) => $.latest.all)}
        </a>
      </p>
    </Section>
  );
}
