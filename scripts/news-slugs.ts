/**
 * npm run news:slugs – adds the slug of every news entry to src/content/news/slugs.json, the
 * committed list of every slug ever given (docs/decisions/0046-news-entries.md): from then on
 * the entry keeps answering at it, with a 301 once its slug changes. Commit the file with the
 * entry. Nothing is ever taken out of the list.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { languageCodes } from '../common/languages';
import { loadNews, newsDir, NewsError, readSlugRecord, slugsFileName } from './news/entries';

const root = path.resolve(import.meta.dirname, '..');
try {
  const { unrecorded } = await loadNews(root);
  const record = await readSlugRecord(root);
  for (const { lng, slug, id } of unrecorded) record[lng] = { ...record[lng], [slug]: id };
  const sorted = Object.fromEntries(
    languageCodes
      .filter((lng) => record[lng])
      .map((lng) => [
        lng,
        Object.fromEntries(Object.entries(record[lng] ?? {}).sort(([a], [b]) => a.localeCompare(b))),
      ]),
  );
  await writeFile(path.join(root, newsDir, slugsFileName), `${JSON.stringify(sorted, null, 2)}\n`);
  for (const { lng, slug, id } of unrecorded) console.log(`Recorded ${lng} slug "${slug}" of entry ${id}.`);
  if (unrecorded.length === 0) console.log('Every slug is recorded already.');
} catch (error) {
  console.error(error instanceof NewsError ? `News: ${error.message}` : error);
  process.exit(1);
}
