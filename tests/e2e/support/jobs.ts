import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Job } from '../../../common/jobs';
import { languageCodes, type Language } from '../../../common/languages';
import { composeJobs, jobTextsSource, type JobTexts } from '../../../src/content/jobs/jobs';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The built-in jobs (docs/product.md#jobs) in each language, as the site shows them without a feed: read from
 * each language's file by its place, as src/content/jobs/built-in-jobs.ts does with the
 * bundler's glob, which the browser tests cannot use.
 */
export const builtInJobs: Readonly<Record<Language, Job[]>> = Object.fromEntries(
  await Promise.all(
    languageCodes.map(async (lng) => {
      const texts = (await import(pathToFileURL(path.join(root, jobTextsSource(lng))).href)) as { default: JobTexts };
      return [lng, composeJobs(lng, texts.default)] as const;
    }),
  ),
) as Record<Language, Job[]>;
