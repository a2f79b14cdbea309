/**
 * What the editor checks before a save leaves the browser: every text of the entry in every
 * language, against the rules the checks of the repository apply (common/text-guards.ts). A
 * refused save reaches no branch; the editor sees why, in German, text by text.
 */
import { defaultLanguage, languageCodes, type Language } from '../../common/languages';
import { textProblems, type TextGuard } from '../../common/text-guards';
import { textVariables } from '../../common/text-variables';
import type { PublishedTexts, TextValue, Texts } from './cms-config';

/** Every text of a value by its key: `[['meta.title', '…'], ['items[0]', '…']]`. */
export function textsOf(value: TextValue | undefined, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsOf(item as TextValue, `${key}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value as Texts).flatMap(([name, child]) => textsOf(child, key ? `${key}.${name}` : name));
  }
  return [];
}

const at = (texts: TextValue | undefined, key: string): TextValue | undefined =>
  [...key.matchAll(/[^.[\]]+/g)].reduce<TextValue | undefined>(
    (node, [part]) => (node && typeof node === 'object' ? (node as Record<string, TextValue>)[part] : undefined),
    texts,
  );

/** A value's field of `textVariables`: `company.phone` → '+49 …'. */
function variable(path: string): string {
  const value = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], textVariables);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : `{{${path}}}`;
}

/** A text as the page shows it: placeholders filled in, nestings resolved (the entry's own texts first). */
export function resolveText(
  text: string,
  lng: Language,
  ns: string,
  own: TextValue,
  published: PublishedTexts,
  depth = 0,
): string {
  return text
    .replace(/\$t\(([\w-]+):([\w.-]+)\)/g, (nesting, nestedNs: string, key: string) => {
      const nested = at(nestedNs === ns ? own : published[lng][nestedNs], key);
      return typeof nested === 'string' && depth < 5
        ? resolveText(nested, lng, ns, own, published, depth + 1)
        : nesting;
    })
    .replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => variable(path));
}

/** The guard of a text: its published version in its language (German for a new text), and the limit of its key. */
export function guardOf(
  ns: string,
  key: string,
  lng: Language,
  published: PublishedTexts,
  limit: TextGuard['limit'],
): TextGuard {
  const own = at(published[lng][ns], key);
  const german = at(published[defaultLanguage][ns], key);
  const source = typeof own === 'string' ? own : typeof german === 'string' ? german : '';
  return { source, ...(limit ? { limit } : {}) };
}

/** The language's name in German: "Französisch". */
const languageName = (lng: Language) => new Intl.DisplayNames([defaultLanguage], { type: 'language' }).of(lng) ?? lng;

/** How an editor recognises a text: the start of its German version. */
function named(key: string, german: TextValue | undefined): string {
  const text = typeof german === 'string' ? german.replace(/\s+/g, ' ').trim() : '';
  return text ? `„${text.length > 48 ? `${text.slice(0, 48)}…` : text}“` : `„${key}“`;
}

/**
 * The problems of an entry's texts in every language, each naming the text and the language;
 * `limits` gives the length limit of a key (cms-config.ts's limitOf).
 */
export function entryProblems(
  ns: string,
  entry: Readonly<Record<Language, TextValue>>,
  published: PublishedTexts,
  limits: (key: string) => TextGuard['limit'],
): string[] {
  const german = entry[defaultLanguage];
  const germanTexts = new Map(textsOf(german));
  const problems: string[] = [];
  for (const lng of languageCodes) {
    const own = entry[lng];
    const texts = new Map(textsOf(own));
    for (const [key, germanText] of germanTexts) {
      const text = texts.get(key) ?? '';
      const guard = guardOf(ns, key, lng, published, limits(key.replace(/\[\d+\]/g, '')));
      // A new text (in a new list item) has no published version: its German text is the one to keep the marks of.
      const withSource =
        guard.source === '' ? { ...guard, source: lng === defaultLanguage ? text : germanText } : guard;
      for (const problem of textProblems(text, lng, withSource, (value) =>
        resolveText(value, lng, ns, own, published),
      )) {
        problems.push(`${named(key, germanText)} (${languageName(lng)}): ${problem}`);
      }
    }
  }
  return problems;
}
