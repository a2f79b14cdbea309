import { describe, expect, it } from 'vitest';
import { sitePages, statusPages } from '../../common/site-pages';

/**
 * Every page of the registry is rendered by its module, `src/pages/<id>-page.tsx`, found by its
 * place (pages.ts): a page without its module, or a module the registry does not list, fails here.
 */
const modules = Object.keys(import.meta.glob('../pages/*-page.tsx')).map(
  (file) => /\/([a-z-]+)-page\.tsx$/.exec(file)?.[1] ?? file,
);
const pageIds: string[] = [...sitePages, ...statusPages].map((page) => page.id);

describe('page modules', () => {
  it('has a module for every page of the registry', () => {
    expect(pageIds.filter((id) => !modules.includes(id)).map((id) => `src/pages/${id}-page.tsx is missing`)).toEqual(
      [],
    );
  });

  it('has no page module the registry does not list', () => {
    expect(
      modules
        .filter((id) => !pageIds.includes(id))
        .map((id) => `src/pages/${id}-page.tsx is no page of common/site-pages.ts`),
    ).toEqual([]);
  });
});
