import { company } from '../../../common/company';
import { newsEntryPath } from '../../../common/news';
import { localizedPath } from '../../../common/page-urls';
import type { NewsEntry } from '../../content/news';

/**
 * schema.org NewsArticle for an entry's page: headline, dates, author, the company as
 * publisher with its logo, the picture (or the page's share picture) and the language.
 */
export function newsArticle(entry: NewsEntry, { siteUrl, image }: { siteUrl: string; image: string | null }) {
  const base = siteUrl.replace(/\/+$/, '');
  const publisher = {
    '@type': 'Organization',
    name: company.name,
    url: `${base}/`,
    logo: { '@type': 'ImageObject', url: `${base}/favicon.svg` },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    mainEntityOfPage: `${base}${localizedPath(newsEntryPath(entry.slug), entry.lng)}`,
    headline: entry.title,
    description: entry.summary,
    datePublished: entry.date,
    dateModified: entry.updated ?? entry.date,
    author: entry.author ? { '@type': 'Person', name: entry.author } : publisher,
    publisher,
    ...(image ? { image: [image] } : {}),
    inLanguage: entry.lng,
  };
}
