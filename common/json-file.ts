/**
 * A JSON file's text as Prettier writes it with the project's settings (.prettierrc.json), made
 * without Prettier: the editor at /admin/ saves texts and facts in the browser, where Decap's
 * formats are synchronous and Prettier's are not. Objects are always written out key by key (as
 * Prettier keeps them once they are); an array stays on one line when it fits and holds no object,
 * as Prettier's group does. json-file.test.ts holds it to Prettier on every JSON file the editor
 * writes and on shapes made to sit at the edges.
 */

/** printWidth of .prettierrc.json. */
const printWidth = 120;
const indentUnit = '  ';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Prettier's width of a text: one column a character (the files hold no wide East Asian characters). */
const width = (text: string) => [...text].length;

/** The value on one line, or null when it cannot be (a non-empty object, or an array Prettier always breaks). */
function flat(value: Json): string | null {
  if (Array.isArray(value)) {
    if (alwaysBroken(value)) return null;
    const items = value.map(flat);
    if (items.some((item) => item === null)) return null;
    return `[${items.join(', ')}]`;
  }
  if (value !== null && typeof value === 'object') return Object.keys(value).length === 0 ? '{}' : null;
  return JSON.stringify(value);
}

/** Prettier breaks an array of several objects (or arrays) with more than one entry each, whatever fits. */
function alwaysBroken(value: Json[]): boolean {
  if (value.length < 2) return false;
  const entries = (item: Json) =>
    Array.isArray(item) ? item.length : item !== null && typeof item === 'object' ? Object.keys(item).length : 0;
  const kind = (item: Json) => (Array.isArray(item) ? 'array' : typeof item);
  return value.every(
    (item) => item !== null && typeof item === 'object' && entries(item) > 1 && kind(item) === kind(value[0] ?? null),
  );
}

/** `value` starting after `lead` (already on its line, indentation included), followed on its line by `trail`. */
function print(value: Json, indent: string, lead: string, trail: string): string {
  const oneLine = flat(value);
  if (oneLine !== null && (!Array.isArray(value) || width(lead) + width(oneLine) + width(trail) <= printWidth)) {
    return oneLine;
  }
  const inner = indent + indentUnit;
  if (Array.isArray(value)) {
    const items = value.map((item, index) => {
      const comma = index < value.length - 1 ? ',' : '';
      return `${inner}${print(item, inner, inner, comma)}${comma}`;
    });
    return `[\n${items.join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, Json>);
  const lines = entries.map(([key, item], index) => {
    const comma = index < entries.length - 1 ? ',' : '';
    const start = `${inner}${JSON.stringify(key)}: `;
    return `${start}${print(item, inner, start, comma)}${comma}`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** The file's whole text, with its final newline. */
export function formatJsonFile(value: unknown): string {
  return `${print(JSON.parse(JSON.stringify(value)) as Json, '', '', '')}\n`;
}
