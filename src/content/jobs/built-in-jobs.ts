import type { JobsBoard, Job } from '../../../common/jobs';
import { defaultLanguage, isLanguage, type Language } from '../../../common/languages';
import { composeJobs, type JobTexts } from './jobs';

// Each language's texts are found by their place (`jobs-<lng>.ts`), so a new language needs no line here.
const files = import.meta.glob<JobTexts>('./jobs-*.ts', { eager: true, import: 'default' });

/** The job texts of each language that has its file. */
export const jobTexts: Partial<Record<Language, JobTexts>> = Object.fromEntries(
  Object.entries(files).flatMap(([file, texts]) => {
    const lng = /\/jobs-([a-z]+)\.ts$/.exec(file)?.[1];
    return isLanguage(lng) ? [[lng, texts]] : [];
  }),
);

/** The built-in jobs in one language; in German where a language has no texts of its own yet (the fallback, docs/product.md#languages). */
export function builtInJobs(lng: Language): Job[] {
  const own = jobTexts[lng];
  const fallback = jobTexts[defaultLanguage];
  if (own) return composeJobs(lng, own);
  if (!fallback) throw new Error(`No job texts in ${defaultLanguage}`);
  return composeJobs(defaultLanguage, fallback);
}

/** The jobs pages without a feed: the built-in jobs, always there. */
export const builtInBoard = (lng: Language): JobsBoard => ({
  source: 'built-in',
  state: 'ready',
  jobs: builtInJobs(lng),
});
