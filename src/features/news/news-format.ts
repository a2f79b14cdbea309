import { findLanguage, type Language } from '../../../common/languages';
import { newsTimeZone } from '../../../common/news';
import { localizedPath } from '../../../common/page-urls';

/** A date of an entry as its language writes it, on Berlin's clock: "30. Dezember 2026", "30 December 2026". */
export function newsDate(iso: string, lng: Language): string {
  return new Intl.DateTimeFormat(findLanguage(lng).locale, { dateStyle: 'long', timeZone: newsTimeZone }).format(
    new Date(iso),
  );
}

/** An address of the news section in a language: `/news/page/2` → `/en/news/page/2`. */
export const newsHref = (path: string, lng: Language) => localizedPath(path, lng);
