import { describe, expect, it } from 'vitest';
import { languageCodes } from '../../../common/languages';
import { plainPageName, sitePages } from '../../../common/site-pages';
import { nestedReferences, readNamespace, textAt } from '../../test/locale-files';

/**
 * Each language names a page once, `pages.<id>` in common.json: the menus, the sitemap page
 * and the mails read it, and a page's own title, heading or eyebrow that says the same nests
 * it (`$t(common:pages.<id>)`), so renaming a page is one edit per language.
 */

describe.each(languageCodes)('page names in %s', (lng) => {
  // Read in each test, so a language without its files fails here by naming them.
  const namesIn = () => textAt(readNamespace(lng, 'common'), 'pages') as Record<string, unknown> | undefined;

  it('names every page of the registry', () => {
    const names = namesIn();
    const missing = sitePages.filter((page) => typeof names?.[page.id] !== 'string' || !String(names[page.id]).trim());
    expect(missing.map((page) => `${lng}/common.json pages.${page.id}`)).toEqual([]);
  });

  it("has no page title, heading or eyebrow that writes out its page's name instead of nesting it", () => {
    const names = namesIn();
    const spelled = sitePages.flatMap((page) => {
      const name = typeof names?.[page.id] === 'string' ? plainPageName(String(names[page.id])) : undefined;
      const texts = readNamespace(lng, page.id);
      return ['meta.title', 'title', 'eyebrow']
        .filter((key) => {
          const text = textAt(texts, key);
          return typeof text === 'string' && plainPageName(text) === name;
        })
        .map((key) => `${lng}/${page.id}.json ${key}: use "$t(common:pages.${page.id})"`);
    });
    expect(spelled).toEqual([]);
  });

  it('nests only texts that exist', () => {
    const broken = nestedReferences(lng).filter(
      ({ ns, key }) => typeof textAt(readNamespace(lng, ns), key) !== 'string',
    );
    expect(broken.map(({ where, ns, key }) => `${where}: $t(${ns}:${key})`)).toEqual([]);
  });
});
