import type { Language } from './languages.ts';
import { searchOf, type PageVariant } from './page-urls.ts';
import dates from './page-dates.json' with { type: 'json' };

/**
 * When each page last changed what it says, per language: `sitemap.xml`'s `lastmod` and the
 * "as of" date of the terms and the privacy policy. A committed file, not git's dates (shallow
 * clones and release folders have none), kept in step by src/app/page-dates.test.tsx: it hashes
 * each page's texts as the build renders them (title, description and the page's content, every
 * served alternative included) and fails when a hash differs from the one recorded with the date;
 * `npm run page-dates` then records today for each page that changed. Keys are a page's id, with
 * a variant's parameters where it has its own (`jobs?job=job-001`); other kinds of pages (news
 * entries) may add keys of their own.
 */
export interface PageDate {
  /** YYYY-MM-DD. */
  date: string;
  /** The first 16 hexadecimal digits of the SHA-256 of the page's texts when it was recorded. */
  hash: string;
}

export type PageDates = Readonly<Record<string, Partial<Record<Language, PageDate>>>>;

export const pageDates: PageDates = dates;

/** The key of a page, or of one of its variants, in the file. */
export const pageDateKey = (id: string, variant: PageVariant = {}) => `${id}${searchOf(variant)}`;

/** When a page (or a variant, else its page) last changed in a language; null where none is recorded. */
export function pageDate(id: string, lng: Language, variant: PageVariant = {}): string | null {
  return pageDates[pageDateKey(id, variant)]?.[lng]?.date ?? pageDates[id]?.[lng]?.date ?? null;
}
