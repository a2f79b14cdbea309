import type { Language } from '../../common/languages';
import { isPublished, newestFirst, type NewsDates } from '../../common/news';
import type { Picture } from '../components/picture';
import { entries, redirects } from 'virtual:news';

/**
 * The news entries of `src/content/news/<lng>/<id>.md`, read and checked by the build
 * (scripts/news/, docs/decisions/0046-news-entries.md). Only pages rendered at build time read
 * them; a page shows the entries published at the time it is rendered for.
 */
export interface NewsEntry extends NewsDates {
  /** The source file, from the project's root. */
  file: string;
  title: string;
  summary: string;
  /** A person's name; null: the company. */
  author: string | null;
  picture: { image: Picture; alt: string; credit: string } | null;
  sources: readonly { title: string; url: string }[];
  /** The text, rendered and checked at build time. */
  html: string;
}

/** An old slug, answered with a 301 to the entry's slug now. */
export interface NewsRedirect {
  lng: Language;
  from: string;
  to: string;
}

export const newsEntries: readonly NewsEntry[] = entries;
export const newsRedirects: readonly NewsRedirect[] = redirects;

/** The entries of a language published at `at`, newest first. */
export function publishedEntries(lng: Language, at: number): NewsEntry[] {
  return newsEntries.filter((entry) => entry.lng === lng && isPublished(entry, at)).sort(newestFirst);
}

/** An entry's versions in every language, published at `at` (or withdrawn, with `withdrawn`). */
export function translationsOf(id: string, at: number, { withdrawn = false } = {}): NewsEntry[] {
  return newsEntries.filter(
    (entry) => entry.id === id && (isPublished(entry, at) || (withdrawn && entry.retracted !== null)),
  );
}
