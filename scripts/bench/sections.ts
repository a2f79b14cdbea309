/**
 * The sections of `npm run bench`, in the report's order: one module each under scripts/bench/,
 * each under 150 lines, measuring through the product's public entry points beside a reference
 * taken in the same sitting, and saying which goals it met (docs/benchmarking.md).
 *
 *   npm run bench -- --no-build --only <id>,<id>   runs only these sections
 */
import os from 'node:os';
import { bundlesSection } from './bundles';
import { formsSection } from './forms';
import { jobAlertsSection } from './job-alerts';
import { jobsFeedSection } from './jobs-feed';
import { lighthouseSection } from './lighthouse';
import { pagesAsFilesSection } from './pages-as-files';
import { picturesSection } from './pictures';
import { queueScrapeSection } from './queue-scrape';
import { newsSection } from './news';
import { adminSection } from './admin';

export interface BenchContext {
  root: string;
  /** Lighthouse runs per page (median). */
  runs: number;
  languages: string[];
  /** The routes of the page registry to measure (all, unless `--routes` names some). */
  routes: string[];
  /** The debugging port of the Chromium that Lighthouse drives. */
  chromePort: number;
}

/** What a goal asks, what was measured, and whether it was met. */
export type BenchGoal = { goal: string; measured: string; met: boolean };

export interface BenchSection {
  id: string;
  title: string;
  /** Measures; returns the section's tables and notes in Markdown, its goals, and its figures for the JSON. */
  run(context: BenchContext): Promise<{ markdown: string; goals: BenchGoal[]; data: unknown }>;
}

export type BenchSectionResult = Pick<BenchSection, 'id' | 'title'> &
  Awaited<ReturnType<BenchSection['run']>> & {
    /** The machine's load average (1 min) at the section's start and end: it is shared. */
    load: string;
  };

export const benchSections: BenchSection[] = [
  bundlesSection,
  lighthouseSection,
  formsSection,
  pagesAsFilesSection,
  queueScrapeSection,
  picturesSection,
  jobsFeedSection,
  newsSection,
  jobAlertsSection,
  adminSection,
];

/** Runs the sections in order (all, or those named), printing each as it ends. */
export async function runBenchSections(context: BenchContext, only?: readonly string[]): Promise<BenchSectionResult[]> {
  const unknown = only?.filter((id) => !benchSections.some((section) => section.id === id)) ?? [];
  if (unknown.length) throw new Error(`Unknown bench sections: ${unknown.join(', ')}`);
  const results: BenchSectionResult[] = [];
  for (const section of benchSections.filter((candidate) => !only || only.includes(candidate.id))) {
    console.log(`\n${section.title}…`);
    const loadAtStart = (os.loadavg()[0] ?? 0).toFixed(1);
    const measured = await section.run(context);
    const load = `${loadAtStart} at the start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end, on ${os.cpus().length} cores`;
    const result = { id: section.id, title: section.title, ...measured, load };
    console.log(result.markdown);
    results.push(result);
  }
  return results;
}
