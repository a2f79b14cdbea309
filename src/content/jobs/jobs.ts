/**
 * The open positions (SPEC 3): the facts that are the same in every language.
 * The texts of each language live in `jobs-<lng>.ts`, one small chunk each,
 * loaded only for the language a visitor reads.
 */

/** SPEC 9's department filters, in tab order (besides "all"). */
export const departments = ['humanResources', 'consulting', 'operations', 'procurement', 'engineering'] as const;
export type Department = (typeof departments)[number];

/** schema.org's employmentType values that the site uses. */
export type EmploymentType = 'FULL_TIME';

export interface JobFacts {
  id: string;
  department: Department;
  employmentType: EmploymentType;
  /** ISO dates; the postings go stale after `validThrough`, so update both with the texts. */
  datePosted: string;
  validThrough: string;
}

export const jobFacts = [
  {
    id: 'job-001',
    department: 'consulting',
    employmentType: 'FULL_TIME',
    datePosted: '2026-11-02',
    validThrough: '2027-02-28',
  },
  {
    id: 'job-002',
    department: 'humanResources',
    employmentType: 'FULL_TIME',
    datePosted: '2026-11-02',
    validThrough: '2027-02-28',
  },
  {
    id: 'job-003',
    department: 'engineering',
    employmentType: 'FULL_TIME',
    datePosted: '2026-11-16',
    validThrough: '2027-03-31',
  },
] as const satisfies readonly JobFacts[];

export type JobId = (typeof jobFacts)[number]['id'];

export const jobIds: readonly JobId[] = jobFacts.map((job) => job.id);

/** What one job says in one language. */
export interface JobText {
  title: string;
  /** One or two sentences: the card's teaser and the page's meta description. */
  summary: string;
  location: string;
  description: string;
  keyResponsibilities: readonly string[];
  /** May be empty: the detail then leaves the section out. */
  supportingResponsibilities: readonly string[];
  requirements: readonly string[];
  benefits: readonly string[];
}

/** The texts of every job in one language. */
export type JobTexts = Readonly<Record<JobId, JobText>>;

/** A job as the pages show it: facts and texts in one language. */
export type Job = JobFacts & JobText & { id: JobId };

export function mergeJobs(texts: JobTexts): Job[] {
  return jobFacts.map((facts) => ({ ...facts, ...texts[facts.id] }));
}
