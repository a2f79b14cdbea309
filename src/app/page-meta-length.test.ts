import { describe, expect, it } from 'vitest';
import { languageCodes } from '../../common/languages';
import { searchOf } from '../../common/page-urls';
import { searchLimits } from '../../common/text-guards';
import { sitePages, statusPages } from '../../common/site-pages';
import { createStaticI18n } from '../features/i18n/create-static-i18n';
import { describePage } from './document-head';
import { describeVariant, pageVariants } from './pages';

// Search results cut longer titles and descriptions off; the editor at /admin/ holds edits to the same limits.
const { title: maxTitleLength, description: maxDescriptionLength } = searchLimits;

/** Every page, job and form result in every language, with the head the prerenderer gives it. */
const heads = languageCodes.flatMap((lng) => {
  const i18n = createStaticI18n(lng);
  return [...sitePages, ...statusPages].flatMap((page) =>
    [{}, ...('path' in page ? pageVariants(page.id) : [])].map((variant) => {
      const head = describePage({
        t: i18n.t,
        pageId: page.id,
        lng,
        siteUrl: 'https://www.example.com',
        variant,
        variantHead: describeVariant(page.id, variant, lng, i18n.t),
      });
      return { name: `${lng} ${'path' in page ? page.path : page.id}${searchOf(variant)}`, head };
    }),
  );
});

const length = (text: string) => [...text].length;

describe('page titles and meta descriptions fit search results', () => {
  it('covers every page, job and form result in every language', () => {
    const jobs = heads.filter(({ name }) => name.includes('?job='));
    const results = heads.filter(({ name }) => name.includes('?status='));
    expect(jobs.length).toBeGreaterThanOrEqual(3 * languageCodes.length);
    expect(results.length).toBeGreaterThanOrEqual(languageCodes.length);
    for (const { name, head } of heads) {
      expect(head.title.trim(), name).not.toBe('');
      expect(head.description.trim(), name).not.toBe('');
    }
  });

  for (const { name, head } of heads) {
    it(`${name}: title (${length(head.title)}) and description (${length(head.description)})`, () => {
      expect(length(head.title), head.title).toBeLessThanOrEqual(maxTitleLength);
      expect(length(head.description), head.description).toBeLessThanOrEqual(maxDescriptionLength);
    });
  }
});
