/**
 * The parts of `npm run bench` beyond the Lighthouse table of every page, the form endpoints and
 * static serving: one module each under scripts/bench/, listed here. Each measures its figure beside
 * a reference taken in the same sitting and says which goals it met; the report prints them in order.
 *
 *   npm run bench -- --no-build --only <id>,<id>   runs only these sections and prints them
 */
import { jobsFeedSection } from './jobs-feed';
import { pagesAsFilesSection } from './pages-as-files';
import { queueScrapeSection } from './queue-scrape';
import { picturesSection } from './pictures';
import { newsSection } from './news';

export interface BenchContext {
  root: string;
  /** Lighthouse runs per page (median). */
  runs: number;
  languages: string[];
  /** The debugging port of the Chromium that Lighthouse drives. */
  chromePort: number;
}

export interface BenchGoal {
  goal: string;
  measured: string;
  met: boolean;
}

export interface BenchSectionResult {
  id: string;
  title: string;
  /** The section's tables and notes, in Markdown. */
  markdown: string;
  goals: BenchGoal[];
  data: unknown;
}

export interface BenchSection {
  id: string;
  title: string;
  run(context: BenchContext): Promise<Pick<BenchSectionResult, 'markdown' | 'goals' | 'data'>>;
}

export const benchSections: BenchSection[] = [
  pagesAsFilesSection,
  queueScrapeSection,
  picturesSection,
  jobsFeedSection,
  newsSection,
];

/** Runs the sections in order (all, or those named), printing each as it ends. */
export async function runBenchSections(context: BenchContext, only?: readonly string[]): Promise<BenchSectionResult[]> {
  const unknown = only?.filter((id) => !benchSections.some((section) => section.id === id)) ?? [];
  if (unknown.length) throw new Error(`Unknown bench sections: ${unknown.join(', ')}`);
  const results: BenchSectionResult[] = [];
  for (const section of benchSections.filter((candidate) => !only || only.includes(candidate.id))) {
    console.log(`\n${section.title}…`);
    const result = { id: section.id, title: section.title, ...(await section.run(context)) };
    console.log(result.markdown);
    results.push(result);
  }
  return results;
}
