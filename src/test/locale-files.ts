import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { namespaceSource } from '../content/locales/namespace-source';

/**
 * The locale files as written, read by their place: for the unit checks of the texts and
 * for the browser tests, which cannot use the bundler's globs. German is the source of keys.
 */

const root = path.resolve(import.meta.dirname, '../..');

export type Texts = { readonly [key: string]: unknown };

/** A namespace of a language as its file writes it. */
export function readNamespace(lng: string, ns: string): Texts {
  return JSON.parse(readFileSync(path.join(root, namespaceSource(lng, ns)), 'utf8')) as Texts;
}

/** The namespaces a language has a file for. */
export function namespacesOf(lng: string): string[] {
  return readdirSync(path.dirname(path.join(root, namespaceSource(lng, 'common'))))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
}

/** A text that nests another (i18next's `$t(common:pages.about)`), by namespace and key. */
const nesting = /\$t\(([\w-]+):([\w.-]+)\)/g;

/** The text at a dotted key of a namespace: `pages.about`. */
export const textAt = (texts: Texts, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);

/** Whether a text is only a reference to another, whose checks happen where it is written. */
export const isReference = (text: string) => new RegExp(`^${nesting.source}$`).test(text);

/** A text with the texts it nests filled in, as i18next shows it ({{placeholders}} stay). */
export function resolveNesting(lng: string, text: string): string {
  return text.replace(nesting, (reference, ns: string, key: string) => {
    const nested = textAt(readNamespace(lng, ns), key);
    return typeof nested === 'string' ? resolveNesting(lng, nested) : reference;
  });
}

function mapTexts(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapTexts(item, map));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, mapTexts(child, map)]));
  return value;
}

/** A namespace with every nested text filled in. */
export function resolvedNamespace(lng: string, ns: string): Texts {
  return mapTexts(readNamespace(lng, ns), (text) => resolveNesting(lng, text)) as Texts;
}

/** Every text of a namespace with its key: `[['meta.title', '…'], ['items[0]', '…']]`. */
export function textEntries(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => textEntries(item, `${key}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, child]) => textEntries(child, key ? `${key}.${name}` : name));
  return [];
}

/** Every nesting in a language's files: where it is, and the namespace and key it names. */
export function nestedReferences(lng: string): { where: string; ns: string; key: string }[] {
  return namespacesOf(lng).flatMap((file) =>
    textEntries(readNamespace(lng, file)).flatMap(([key, text]) =>
      [...text.matchAll(nesting)].map(([, ns = '', nestedKey = '']) => ({
        where: `${lng}/${file}.json ${key}`,
        ns,
        key: nestedKey,
      })),
    ),
  );
}
