import type { JobTexts } from './jobs';

// One chunk per language: a visitor downloads only the job texts they read.
const loaders = import.meta.glob<{ default: JobTexts }>('./jobs-*.ts');

export async function loadJobTexts(lng: string): Promise<JobTexts> {
  const load = loaders[`./jobs-${lng}.ts`];
  if (!load) throw new Error(`No job listings in ${lng}`);
  return (await load()).default;
}

/** The module id of a language's job texts, as Vite's build manifest names it. */
export function jobTextsSource(lng: string): string {
  return `src/content/jobs/jobs-${lng}.ts`;
}
