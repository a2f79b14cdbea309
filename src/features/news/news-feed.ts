import { company } from '../../../common/company';
import { escapeHtml } from '../../../common/escape-html';
import type { Language } from '../../../common/languages';
import { lastChange, newsEntryPath, newsFeedPath, newsFeedSize, newsPath } from '../../../common/news';
import { localizedPath } from '../../../common/page-urls';
import type { NewsEntry } from '../../content/news';

/** RFC 3339 without fractions: 2026-12-30T08:00:00Z. */
const atomTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The domain the company owns (its e-mail's), for ids that stay the same whatever the site's address. */
const tagAuthority = company.email.split('@')[1] ?? company.shortName.toLowerCase();

/**
 * An entry's permanent id (RFC 4151 tag URI): its id, language and first day, never its
 * address, so a renamed slug or another SITE_URL is still the same entry to a feed reader.
 */
export const atomEntryId = (entry: NewsEntry) =>
  `tag:${tagAuthority},${entry.date.slice(0, 10)}:news/${entry.id}/${entry.lng}`;

export interface AtomFeedTexts {
  /** The feed's title: the list page's document title. */
  title: string;
  subtitle: string;
}

/**
 * The Atom 1.0 feed (RFC 4287) of a language: its newest entries with their summary and
 * text, linked to their pages. `entries` are the language's published ones, newest first;
 * `at` stands for the feed's last change when there are none.
 */
export function atomFeed({
  lng,
  entries,
  siteUrl,
  texts,
  at,
}: {
  lng: Language;
  entries: readonly NewsEntry[];
  siteUrl: string;
  texts: AtomFeedTexts;
  at: number;
}): string {
  const base = siteUrl.replace(/\/+$/, '');
  const url = (path: string) => escapeHtml(`${base}${localizedPath(path, lng)}`);
  const shown = entries.slice(0, newsFeedSize);
  const updated = shown.map(lastChange).sort().at(-1) ?? new Date(at).toISOString();
  const entry = (item: NewsEntry) =>
    [
      '  <entry>',
      `    <id>${escapeHtml(atomEntryId(item))}</id>`,
      `    <title>${escapeHtml(item.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${url(newsEntryPath(item.slug))}"/>`,
      `    <published>${atomTime(item.date)}</published>`,
      `    <updated>${atomTime(lastChange(item))}</updated>`,
      `    <author><name>${escapeHtml(item.author ?? company.name)}</name></author>`,
      `    <summary>${escapeHtml(item.summary)}</summary>`,
      `    <content type="html" xml:base="${escapeHtml(`${base}/`)}">${escapeHtml(item.html)}</content>`,
      '  </entry>',
    ].join('\n');
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lng}">`,
    `  <id>tag:${tagAuthority},2026:news/${lng}</id>`,
    `  <title>${escapeHtml(texts.title)}</title>`,
    `  <subtitle>${escapeHtml(texts.subtitle)}</subtitle>`,
    `  <updated>${atomTime(updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${url(newsFeedPath)}"/>`,
    `  <link rel="alternate" type="text/html" hreflang="${lng}" href="${url(newsPath)}"/>`,
    `  <author><name>${escapeHtml(company.name)}</name></author>`,
    `  <icon>${escapeHtml(`${base}/favicon.svg`)}</icon>`,
    ...shown.map(entry),
    '</feed>',
    '',
  ].join('\n');
}
