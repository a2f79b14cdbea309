import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadNews, newsDir, slugsFileName } from './entries';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The committed list of slugs keeps up with the entries: an entry's address is recorded
 * with the commit that gives it, so it answers (with a 301 once renamed) for good.
 */
describe('the news entries of the site', () => {
  it(`have every slug recorded in ${newsDir}/${slugsFileName} (npm run news:slugs)`, async () => {
    const { unrecorded } = await loadNews(root);
    expect(unrecorded.map(({ lng, slug }) => `${lng} ${slug}`)).toEqual([]);
  });
});
