import { languages, type Language } from './languages.ts';

/**
 * A job as the pages show it in one language, whether it is one of the
 * built-in jobs or a position read from the company's Personio feed
 * (docs/contract.md#difference-8). The server stores the feed's jobs in this shape;
 * the pages render them with the same components as the built-in ones.
 */

/**
 * The department filters of docs/product.md#jobs, in tab order (besides "all"): each a key
 * that is the same in every language (the pages translate it; a job alert stores it).
 */
export const departments = ['humanResources', 'consulting', 'operations', 'procurement', 'engineering'] as const;
export type Department = (typeof departments)[number];

/**
 * A department the Personio feed has named, as the job alerts offer it: a key that does not
 * depend on the language (one of `departments` where the feed uses that department's name in
 * some language, else made from its German name), the feed's name for it in each language,
 * and since when the feed no longer names it (null while it does). When every open position
 * of one department moves to one new department in a read, the old key is `renamedTo` the new
 * one, and subscriptions to it follow.
 */
export interface FeedDepartment {
  key: string;
  names: Partial<Record<Language, string>>;
  namedUntil: number | null;
  renamedTo?: string;
}

/** A department as a page offers it for the job alerts: its key and its name in the page's language. */
export interface DepartmentChoice {
  key: string;
  name: string;
}

/** How often the pay is stated: schema.org's `unitText` of a `baseSalary`. */
export const salaryUnits = ['YEAR', 'MONTH', 'HOUR'] as const;
export type SalaryUnit = (typeof salaryUnits)[number];

/** A pay range (EU Directive 2023/970, Art. 5): gross, in an ISO 4217 currency; `max` null when only a floor is given. */
export interface SalaryRange {
  min: number;
  max: number | null;
  currency: string;
  unit: SalaryUnit;
}

/** Personio's `schedule` values. */
export const schedules = ['full-time', 'part-time', 'full-or-part-time'] as const;
export type Schedule = (typeof schedules)[number];

/** Personio's `employmentType` values. */
export const contracts = ['permanent', 'intern', 'trainee', 'freelance', 'temporary', 'working_student'] as const;
export type Contract = (typeof contracts)[number];

/**
 * What a job says beyond its facts: the built-in jobs' lists (headed by the
 * site's own section titles), or the feed's sections of HTML, each sanitized
 * on the server to an allow-list (paragraphs, lists, emphasis, line breaks, http(s) links).
 */
export type JobBody =
  | {
      kind: 'lists';
      description: string;
      keyResponsibilities: readonly string[];
      /** May be empty: the page then leaves the section out. */
      supportingResponsibilities: readonly string[];
      requirements: readonly string[];
      benefits: readonly string[];
    }
  | { kind: 'html'; sections: readonly { title: string; html: string }[] };

export interface Job {
  /** Its address: `?job=<id>` on the jobs page of each language. */
  id: string;
  /** The language of its texts: the page's, or German where the feed has none in the page's language. */
  lang: Language;
  title: string;
  /** Plain text: the card's teaser and the page's meta description. */
  summary: string;
  /** Built in: one of the department keys of docs/product.md#jobs; from the feed: the department in the feed's words. */
  department: string;
  /** The offices it is based at (Personio's office names; the built-in jobs: the company's city). */
  offices: readonly string[];
  /** How the card and the page name the place. */
  location: string;
  schedule: Schedule | null;
  contract: Contract | null;
  salary: SalaryRange | null;
  /** YYYY-MM-DD. */
  datePosted: string;
  validThrough: string | null;
  /** The position's application form at Personio; null: the site's application process page (docs/product.md#applications). */
  applyUrl: string | null;
  body: JobBody;
}

/** What the list's cards show of a job, and all the job board island is given of it. */
const jobCardFields = [
  'id',
  'lang',
  'title',
  'summary',
  'department',
  'location',
  'schedule',
  'contract',
] as const satisfies readonly (keyof Job)[];

/** A job's pay as a card states it: the amounts written out for the page's language, and their unit. */
export interface PayText {
  range: string;
  floorOnly: boolean;
  unit: SalaryUnit;
}

type JobCardFields = Pick<Job, (typeof jobCardFields)[number]>;
export type JobCard = JobCardFields & { pay: PayText | null };

/**
 * A job's card for a page in `lng`. Its pay is written out here, where the page is made:
 * `formatRange` takes some 50 µs a call (a list of 200 jobs: 10 ms), which the browser would
 * otherwise spend again while it hydrates the list.
 */
export const jobCard = (job: Job, lng: Language): JobCard => ({
  ...(Object.fromEntries(jobCardFields.map((field) => [field, job[field]])) as JobCardFields),
  pay: job.salary ? { ...formatSalaryAmounts(job.salary, lng), unit: job.salary.unit } : null,
});

/**
 * Where the jobs come from: the built-in ones (docs/product.md#jobs), or the company's Personio feed
 * (JOBS_FEED_URL). A served setting (common/served-settings.ts): how to apply, and who receives
 * applications, follow it.
 */
export const jobsSources = ['built-in', 'personio'] as const;
export type JobsSource = (typeof jobsSources)[number];

/**
 * The states of docs/product.md#jobs as the jobs pages know them: `ready` (a list, maybe empty: no
 * openings), `loading` (the feed has not been read yet since it was set up) and
 * `error` (it was never read successfully: the built-in jobs are not shown instead).
 */
export type JobsState = 'ready' | 'loading' | 'error';

/** The jobs a page of one language shows. */
export interface JobsBoard {
  source: JobsSource;
  state: JobsState;
  jobs: readonly Job[];
  /** The departments the feed has named besides `departments`, in the page's language (none for the built-in jobs). */
  feedDepartments?: readonly DepartmentChoice[];
}

/** Ids that can stand in an address and a file name: Personio's are numbers. */
export const jobIdPattern = /^[0-9A-Za-z][0-9A-Za-z_-]{0,63}$/;

/** schema.org employmentType values (Google's job posting guidelines) for Personio's schedule and contract. */
export function schemaEmploymentType(schedule: Schedule | null, contract: Contract | null): string[] {
  const bySchedule: Record<Schedule, string[]> = {
    'full-time': ['FULL_TIME'],
    'part-time': ['PART_TIME'],
    'full-or-part-time': ['FULL_TIME', 'PART_TIME'],
  };
  const byContract: Partial<Record<Contract, string[]>> = {
    intern: ['INTERN'],
    freelance: ['CONTRACTOR'],
    temporary: ['TEMPORARY'],
    working_student: ['PART_TIME'],
  };
  const types = [...(contract ? (byContract[contract] ?? []) : []), ...(schedule ? bySchedule[schedule] : [])];
  return types.length ? [...new Set(types)] : ['OTHER'];
}

const localeOf = (lng: Language) => languages.find((language) => language.code === lng)?.locale ?? lng;

/** Making a number format costs far more than using one: a list of 200 jobs makes each once. */
const salaryFormats = new Map<string, Intl.NumberFormat>();

/**
 * The amounts of a pay range in a language's way of writing money
 * (`Intl.NumberFormat`): "52.000–64.000 €", "€52,000 – €64,000", "52 000–64 000 €";
 * the floor alone when there is no maximum. The unit ("a year") is the caller's text.
 */
export function formatSalaryAmounts(salary: SalaryRange, lng: Language): { range: string; floorOnly: boolean } {
  const whole = Number.isInteger(salary.min) && (salary.max === null || Number.isInteger(salary.max));
  const key = `${lng} ${salary.currency} ${whole}`;
  let format = salaryFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lng), {
      style: 'currency',
      currency: salary.currency,
      maximumFractionDigits: whole ? 0 : 2,
      minimumFractionDigits: whole ? 0 : 2,
    });
    salaryFormats.set(key, format);
  }
  if (salary.max === null || salary.max === salary.min) {
    return { range: format.format(salary.min), floorOnly: salary.max === null };
  }
  return { range: format.formatRange(salary.min, salary.max), floorOnly: false };
}
