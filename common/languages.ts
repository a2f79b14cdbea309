/** The one locale registry: every language the site speaks, in menu order. */
export const languages = [
  { code: 'de', name: 'Deutsch', locale: 'de-DE' },
  { code: 'en', name: 'English', locale: 'en-GB' },
  { code: 'fr', name: 'Français', locale: 'fr-FR' },
] as const;

export type Language = (typeof languages)[number]['code'];

export const languageCodes: readonly Language[] = languages.map((l) => l.code);

/** A language's entry in the registry: its name in itself and its locale. */
export function findLanguage(code: Language): (typeof languages)[number] {
  const language = languages.find((candidate) => candidate.code === code);
  if (!language) throw new Error(`Unknown language ${code}`);
  return language;
}

/** German is the fallback (docs/product.md#languages). */
export const defaultLanguage: Language = 'de';

/** Where the chosen language is kept: local storage key and cookie name (docs/contract.md#storage-keys). */
export const languageStorageKey = 'i18nextLng';
export const languageCookieName = 'i18next';

/** How long the `i18next` cookie lasts. */
export const languageCookieMaxAgeDays = 365;

/** The `i18next` cookie's attributes: the whole site, a year, sent on links from other sites. */
export const languageCookieAttributes = `;path=/;max-age=${60 * 60 * 24 * languageCookieMaxAgeDays};samesite=lax`;

/** The cookie that tells the server the language (set by the browser, and by the server on `?lng=`), `Secure` on an https site. */
export function languageCookie(lng: Language, https: boolean): string {
  return `${languageCookieName}=${lng}${languageCookieAttributes}${https ? ';secure' : ''}`;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languageCodes as readonly string[]).includes(value);
}

/** The primary subtag of a language tag, lower-cased: `fr-CH` → `fr`. */
export function primaryLanguage(tag: string): string {
  return tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
}

/**
 * Picks the first candidate, in order of preference, whose primary language
 * the site speaks; German otherwise. The browser detects the same way (its
 * detector converts every tag with `primaryLanguage`), so server and browser agree.
 */
export function pickLanguage(candidates: readonly (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const primary = primaryLanguage(candidate);
    if (isLanguage(primary)) return primary;
  }
  return defaultLanguage;
}

/** The language tags of an Accept-Language header, most preferred first. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}
