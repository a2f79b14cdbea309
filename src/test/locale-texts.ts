import type { Language } from '../../common/languages';
import { jobTexts } from '../content/jobs/built-in-jobs';
import { newsEntries } from '../content/news';
import { isReference, namespacesOf, readNamespace, resolveNesting, textEntries } from './locale-files';

export interface LocaleText {
  /** The same in every language: `home.json intro.title`, `jobs job-003.title`. */
  key: string;
  /** File and key, e.g. `fr/home.json hero.title` or `jobs-fr.ts job-001.title`. */
  where: string;
  text: string;
}

/**
 * Every text of a language: all its locale files (the mails' included), its job listings and its
 * news entries (title, summary, and the text as a reader reads it, without its markup).
 * A text that only nests another is left out: that one is checked where it is written.
 */
export function localeTexts(lng: Language): LocaleText[] {
  return [
    ...namespacesOf(lng).flatMap((ns) =>
      textEntries(readNamespace(lng, ns))
        .filter(([, text]) => !isReference(text))
        .map(([key, text]) => ({
          key: `${ns}.json ${key}`,
          where: `${lng}/${ns}.json ${key}`,
          text: resolveNesting(lng, text),
        })),
    ),
    ...textEntries(jobTexts[lng] ?? {}).map(([key, text]) => ({
      key: `jobs ${key}`,
      where: `jobs-${lng}.ts ${key}`,
      text,
    })),
    ...newsEntries
      .filter((entry) => entry.lng === lng)
      .flatMap((entry) =>
        Object.entries({ title: entry.title, summary: entry.summary, text: readableText(entry.html) }).map(
          ([field, text]) => ({ key: `news ${entry.id}.${field}`, where: `${entry.file} ${field}`, text }),
        ),
      ),
  ];
}

/** An entry's HTML as text: its markup left out, its entities read. */
function readableText(html: string): string {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element.textContent ?? '';
}
