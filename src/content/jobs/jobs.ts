/**
 * The three built-in jobs of docs/product.md#jobs, shown when no Personio feed is set
 * (docs/contract.md#difference-8): the facts that are the same in every language here, the
 * texts of each language in `jobs-<lng>.ts`, found by their place
 * (built-in-jobs.ts), so a new language is its file and a new job its facts
 * here and its texts in each language's file.
 */
import { company } from '../../../common/company';
import type { Contract, Department, Job, SalaryRange, Schedule } from '../../../common/jobs';
import type { Language } from '../../../common/languages';

export { departments, type Department } from '../../../common/jobs';

interface JobFacts {
  id: string;
  department: Department;
  schedule: Schedule;
  contract: Contract;
  /** Gross pay in Berlin for the experience each job asks for (EU Directive 2023/970, Art. 5). */
  salary: SalaryRange;
  /** ISO dates; the postings go stale after `validThrough`, so update both with the texts. */
  datePosted: string;
  validThrough: string;
}

const jobFacts = [
  {
    id: 'job-001',
    department: 'consulting',
    schedule: 'full-time',
    contract: 'permanent',
    salary: { min: 62_000, max: 76_000, currency: 'EUR', unit: 'YEAR' },
    datePosted: '2026-11-02',
    validThrough: '2027-02-28',
  },
  {
    id: 'job-002',
    department: 'humanResources',
    schedule: 'full-time',
    contract: 'permanent',
    salary: { min: 56_000, max: 68_000, currency: 'EUR', unit: 'YEAR' },
    datePosted: '2026-11-02',
    validThrough: '2027-02-28',
  },
  {
    id: 'job-003',
    department: 'engineering',
    schedule: 'full-time',
    contract: 'permanent',
    salary: { min: 66_000, max: 80_000, currency: 'EUR', unit: 'YEAR' },
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

/** Where a language's job texts are: `src/content/jobs/jobs-fr.ts`. */
export const jobTextsSource = (lng: Language) => `src/content/jobs/jobs-${lng}.ts`;

/** The built-in jobs in one language, from that language's texts, as the pages show any job. */
export function composeJobs(lng: Language, texts: JobTexts): Job[] {
  return jobFacts.map(({ id, department, schedule, contract, salary, datePosted, validThrough }) => {
    const { title, summary, location, ...body } = texts[id];
    return {
      id,
      lang: lng,
      title,
      summary,
      department,
      offices: [company.city],
      location,
      schedule,
      contract,
      salary,
      datePosted,
      validThrough,
      applyUrl: null,
      body: { kind: 'lists', ...body },
    };
  });
}
