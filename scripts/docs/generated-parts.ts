/**
 * The parts of docs/contract.md that the code knows: every page of the page registry at its
 * address in each language, and what the site keeps in the browser. Each part stands between
 * `<!-- <name>:begin -->` and `<!-- <name>:end -->`; `npm run docs:contract` writes them and
 * scripts/docs/generated-parts.test.ts fails when the file and the code differ.
 */
import path from 'node:path';
import * as prettier from 'prettier';
import { languages } from '../../common/languages';
import { localizedPath } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { siteService, type Lifetime } from '../../common/services';

export const contractFile = path.resolve(import.meta.dirname, '../../docs/contract.md');

const code = (text: string) => `\`${text}\``;
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const table = (head: readonly string[], rows: readonly (readonly string[])[]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

function pagesPart(): string {
  return table(
    ['page', ...languages.map((language) => language.name), 'menu', 'sitemap'],
    sitePages.map((page) => [
      code(page.id),
      ...languages.map((language) => code(localizedPath(page.path, language.code))),
      'nav' in page
        ? { main: 'main navigation', footer: 'footer’s main pages', data: 'legal pages' }[page.nav]
        : 'section' in page
          ? `under ${code(page.section)}`
          : '–',
      page.sitemap ? 'yes' : 'no, `noindex`',
    ]),
  );
}

const lifetime = (period: Lifetime) =>
  period.unit === 'untilDeleted'
    ? 'until deleted'
    : period.unit === 'untilTabClosed'
      ? 'until the tab closes'
      : `${period.count} ${period.unit}`;

function storageKeysPart(): string {
  return table(
    ['name', 'kept in', 'for', 'what it holds'],
    siteService.entries.map((entry) => [code(entry.name), entry.kind, lifetime(entry.lifetime), code(entry.purpose)]),
  );
}

/** Each generated part by its marker name. */
export const generatedParts: Readonly<Record<string, () => string>> = {
  pages: pagesPart,
  'storage-keys': storageKeysPart,
};

/** `text` with every generated part written afresh, formatted as Prettier formats the file. */
export async function withGeneratedParts(text: string, file = contractFile): Promise<string> {
  let result = text;
  for (const [name, part] of Object.entries(generatedParts)) {
    const begin = `<!-- ${name}:begin -->`;
    const end = `<!-- ${name}:end -->`;
    const from = result.indexOf(begin);
    const to = result.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${path.basename(file)} lacks the markers ${begin} … ${end}.`);
    result = `${result.slice(0, from + begin.length)}\n\n${part()}\n\n${result.slice(to)}`;
  }
  const options = await prettier.resolveConfig(file);
  return prettier.format(result, { ...options, filepath: file });
}
