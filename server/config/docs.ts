import { settingsOf, type Schema, type Setting, type SettingsContext } from './schema';

/*
 * The settings' documentation, made from the schema (server/config/settings.ts): the table of
 * docs/configuration.md between its markers, and .env.example. `npm run settings:docs` writes
 * both; a test fails when either differs from what the schema makes.
 */

export const tableMarkers = { begin: '<!-- settings:begin -->', end: '<!-- settings:end -->' } as const;
/** Where the README lists the settings' names, each linked to the table. */
export const indexMarkers = { begin: '<!-- settings-index:begin -->', end: '<!-- settings-index:end -->' } as const;
type Markers = { readonly begin: string; readonly end: string };

const documented = (schema: Schema) => settingsOf(schema).filter((entry) => !entry.internal);
const docOf = (entry: Setting<unknown>, context: SettingsContext) =>
  typeof entry.doc === 'function' ? entry.doc(context) : entry.doc;

/** The settings table, one row per setting, in the order they are read (Markdown). */
export function settingsTable(schema: Schema, context: SettingsContext): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    '| name | default | meaning |',
    '| --- | --- | --- |',
    ...documented(schema).map(
      (entry) => `| \`${entry.name}\` | ${cell(entry.shown)} | ${cell(docOf(entry, context))} |`,
    ),
  ].join('\n');
}

/** The settings' names and defaults, one line each, for the README (the table says what each means). */
export function settingsIndex(schema: Schema, tableLink: string): string {
  return documented(schema)
    .map((entry) => `- [\`${entry.name}\`](${tableLink})${entry.shown === 'unset' ? '' : ` (default: ${entry.shown})`}`)
    .join('\n');
}

/** `text` with what stands between the markers replaced; the markers must be there, once each. */
export function withSettingsTable(text: string, table: string, markers: Markers = tableMarkers): string {
  const begin = text.indexOf(markers.begin);
  const end = text.indexOf(markers.end);
  if (begin < 0 || end < begin || text.indexOf(markers.begin, begin + 1) >= 0) {
    throw new Error(`the settings need ${markers.begin} and then ${markers.end}, once each`);
  }
  return `${text.slice(0, begin + markers.begin.length)}\n\n${table}\n\n${text.slice(end)}`;
}

const plain = (markdown: string) => markdown.replace(/`/g, '').replace(/\\\|/g, '|');

function wrap(text: string, width = 98): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The value .env.example gives a setting: its default where that is a plain value the table
 * shows, so the file can be copied as it is; empty (unset) where the default depends on other
 * settings or facts, and for a setting that belongs to another.
 */
function exampleValue(entry: Setting<unknown>): string {
  const { missing } = entry;
  if (entry.needs || typeof missing === 'function' || !('use' in missing)) return '';
  return entry.shown === `\`${missing.use}\`` ? missing.use : '';
}

/** .env.example: every setting with what it is and its default. */
export function envExample(schema: Schema, context: SettingsContext): string {
  const head = [
    '# The settings the server reads at start. Unset or empty, a setting takes its default and the',
    '# server logs one warning naming it; a malformed one stops start-up with a message.',
    '# Made from server/config/settings.ts by `npm run settings:docs`: change them there.',
    '# docs/configuration.md explains each.',
  ];
  const blocks = documented(schema).map((entry) => {
    const shown = entry.shown === 'unset' ? '' : ` Default: ${plain(entry.shown)}.`;
    const comment = wrap(`${entry.name}: ${plain(docOf(entry, context))}.${shown}`).map((line) => `# ${line}`);
    return [...comment, `${entry.name}=${exampleValue(entry)}`].join('\n');
  });
  return `${[head.join('\n'), ...blocks].join('\n\n')}\n`;
}
