import type { Language } from './languages.ts';

/**
 * The news section's rules, shared by the build that reads the entries (scripts/news/), the
 * pages that show them (src/) and the tests: addresses, slugs, publication times, pages of the
 * list (docs/decisions/0046-news-entries.md).
 */

/** The list's own address (the registry's `news` page), under which every entry and list page lives. */
export const newsPath = '/news';
/** Entries on one page of the list. */
export const newsPageSize = 10;
/** Entries in a feed: the newest ones. */
export const newsFeedSize = 20;
/** The feed's address below the list (its file ends in `.atom`, which nginx sends as application/atom+xml). */
export const newsFeedName = 'feed.xml';
/** The segment of the list's further pages: `/news/page/2`. */
const pageSegment = 'page';

/** A slug: lower-case letters, digits and single hyphens, as read in an address. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const maxSlugLength = 80;
/** Words that name the list's own addresses, never an entry. */
export const reservedSlugs: readonly string[] = [pageSegment, newsFeedName, 'feed'];

/** Why a slug cannot be an entry's address, or null when it can. */
export function slugProblem(slug: unknown): string | null {
  if (typeof slug !== 'string' || slug === '') return 'has no slug';
  if (slug.includes('/') || slug.includes('..')) return `slug "${slug}" may not contain "/" or ".."`;
  if (slug.length > maxSlugLength)
    return `slug is ${slug.length} characters long, at most ${maxSlugLength} are allowed`;
  if (reservedSlugs.includes(slug)) return `slug "${slug}" is the address of the news list itself`;
  if (!slugPattern.test(slug)) return `slug "${slug}" may hold only a-z, 0-9 and single hyphens`;
  return null;
}

/** The path (without the language's prefix) of the list's page `page` (1 is the list itself). */
export const newsListPath = (page: number) => (page <= 1 ? newsPath : `${newsPath}/${pageSegment}/${page}`);
export const newsEntryPath = (slug: string) => `${newsPath}/${slug}`;
export const newsFeedPath = `${newsPath}/${newsFeedName}`;

/** How many pages a list of `count` entries has: one at least, which then says there is no news yet. */
export const newsPageCount = (count: number) => Math.max(1, Math.ceil(count / newsPageSize));

/** The entries of page `page` (1-based) of a list, newest first as given. */
export function entriesOfPage<T>(entries: readonly T[], page: number): T[] {
  return entries.slice((page - 1) * newsPageSize, page * newsPageSize);
}

/** The time zone an entry's dates are written in: the company's. */
export const newsTimeZone = 'Europe/Berlin';

const datePattern = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** The offset of Berlin's clock from UTC at an instant, in minutes (60 in winter, 120 in summer). */
function berlinOffsetMinutes(instant: number): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: newsTimeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * The instant a date as an entry writes it stands for: `2026-12-30` (midnight) or
 * `2026-12-30T09:00`, on Berlin's clock. Null for anything else, or a day that does not exist.
 */
export function berlinInstant(text: string): Date | null {
  const match = datePattern.exec(text);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== (month ?? 1) - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // The offset at the wall time read as UTC, then again at the instant found (right on both sides of a change).
  let instant = wall - berlinOffsetMinutes(wall) * 60_000;
  instant = wall - berlinOffsetMinutes(instant) * 60_000;
  return new Date(instant);
}

/** What decides whether and where an entry is shown. */
export interface NewsDates {
  id: string;
  lng: Language;
  slug: string;
  /** ISO instants. */
  date: string;
  updated: string | null;
  retracted: string | null;
}

/** Whether an entry is shown at `at`: dated then or before, and not withdrawn. */
export const isPublished = (entry: NewsDates, at: number) => entry.retracted === null && Date.parse(entry.date) <= at;

/** The entry's last change: its update, else its date (the feed's `updated`, the sitemap's `lastmod`). */
export const lastChange = (entry: NewsDates) => entry.updated ?? entry.date;

/** Newest first; on the same date, by id, so the order never depends on how the files were read. */
export const newestFirst = (a: NewsDates, b: NewsDates) =>
  Date.parse(b.date) - Date.parse(a.date) || a.id.localeCompare(b.id);

/**
 * The times after `now` at which what the section shows changes: each later entry's date.
 * The build renders the pages of each such time (docs/decisions/0046-news-entries.md).
 */
export function publicationTimes(entries: readonly NewsDates[], now: number): number[] {
  const times = entries
    .filter((entry) => entry.retracted === null)
    .map((entry) => Date.parse(entry.date))
    .filter((time) => time > now);
  return [...new Set(times)].sort((a, b) => a - b);
}

/** What a page of the news section shows: a page of the list, an entry, or a withdrawn entry (410). */
export type NewsView = { kind: 'list'; page: number } | { kind: 'entry'; id: string } | { kind: 'gone'; id: string };
