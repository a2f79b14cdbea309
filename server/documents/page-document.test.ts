import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillPagePlaceholders } from '../../common/page-placeholders';
import { assemblePage, type PageAssembly } from './page-assembly';

/**
 * A job's title and texts come from the Personio feed into the page's head and
 * body. String.prototype.replace expands `$&`, `` $` ``, `$'` and `$1` in a
 * replacement string: a title holding them must reach the page as written.
 */
const template = readFileSync(new URL('../../index.html', import.meta.url), 'utf8').replace(
  /\s*<script type="module"[^>]*><\/script>/,
  '',
);
const assembly: PageAssembly = {
  template,
  headScript: 'void 0',
  entryFile: 'assets/entry.js',
  baseFiles: [],
  moduleFiles: {},
};
const patterns = ["$'", '$`', '$&', '$1', '$$', '$<name>'];
const title = `Lager ${patterns.join(' ')} Hamburg`;

describe('a page assembled from outside data', () => {
  it('keeps every replacement pattern in the head and the body as written', () => {
    const head = `<title>${title}</title><meta name="description" content="${title}">`;
    const html = `<main id="main"><h1>${title}</h1></main>`;
    const page = assemblePage(assembly, { lng: 'en', head, html, modules: [] });

    expect(page).toContain(head);
    expect(page).toContain(html);
    expect(page.match(/<head>/g)).toHaveLength(1);
    expect(page.match(/<\/head>/g)).toHaveLength(1);
    expect(page.match(/<body>/g)).toHaveLength(1);
    expect(page.match(/<\/body>/g)).toHaveLength(1);
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it('keeps replacement patterns in a setting as written', () => {
    const siteUrl = "https://www.example.com/$'$&$`";
    const page = fillPagePlaceholders(
      '<html lang="en" data-site-url="__SITE_URL__" data-analytics-src="__ANALYTICS_SCRIPT_URL__"><footer>© __CURRENT_YEAR__</footer>',
      { siteUrl, year: 2026 },
    );
    expect(page).toMatch(/^<html lang="en" data-site-url="([^"]*)"[^>]*><footer>© 2026<\/footer>$/);
    expect(page.match(/data-site-url="([^"]*)"/)?.[1]).toBe(siteUrl);
    expect(page).not.toContain('__');
  });
});
