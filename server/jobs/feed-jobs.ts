import { createHash } from 'node:crypto';
import {
  contracts,
  jobIdPattern,
  schedules,
  type Contract,
  type Job,
  type SalaryRange,
  type SalaryUnit,
  type Schedule,
} from '../../common/jobs.ts';
import { defaultLanguage, languageCodes, type Language } from '../../common/languages.ts';
import { checkHtmlBounds, HtmlRefused, plainText, sanitizedText, sanitizeJobHtml, shorten } from './job-html.ts';
import type { PersonioPosition } from './personio-feed.ts';
import { timeSlices } from '../time-slices.ts';

/** A title longer than this is not a title: that language's version is not used. */
const maxTitleLength = 200;
const summaryLength = 180;

/** What the site keeps of each job besides its texts, across reads. */
export interface JobRecord {
  /** When this site first read it: its date where the feed's `createdAt` is not a date. */
  firstSeenAt: number;
  /** When its content last changed here: the sitemap's `lastmod`. */
  changedAt: number;
  /** Content hash, to tell a change. */
  hash: string;
  /** Its department's key (server/jobs/alerts/departments.ts), to tell a renamed department; absent where none is named. */
  department?: string;
}

/** The jobs of the feed, per language, as the pages show them. */
export interface FeedJobs {
  jobs: Record<Language, Job[]>;
  records: Record<string, JobRecord>;
  /** How many positions each language's own document had with texts of its own (the rest are shown in German). */
  ownTexts: Record<Language, number>;
}

export interface JoinOptions {
  feedUrl: string;
  previous: Record<string, JobRecord>;
  now: number;
  /** Told of every position refused or changed to be harmless (never the whole text). */
  problem: (message: string) => void;
}

const quote = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

function parseDate(value: string, now: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time) || time < Date.UTC(2000, 0, 1) || time > now + 24 * 60 * 60_000) return null;
  return isoDate(time);
}

const currencies = new Set(Intl.supportedValuesOf('currency'));
const units: Record<string, SalaryUnit> = { yearly: 'YEAR', monthly: 'MONTH', hourly: 'HOUR' };

function parseSalary(
  info: PersonioPosition['salaryInformation'],
  where: string,
  problem: (message: string) => void,
): SalaryRange | null {
  if (!info) return null;
  const amount = (value: string) => (/^\d{1,9}(\.\d{1,2})?$/.test(value) ? Number(value) : null);
  const min = amount(info.min);
  const max = info.max === '' ? null : amount(info.max);
  const currency = info.currencyCode.toUpperCase();
  const unit = units[info.type.toLowerCase()];
  if (min === null || min <= 0 || (info.max !== '' && max === null)) {
    problem(`${where}: its salary ${quote(info.min)}–${quote(info.max)} is not a pair of amounts: shown without one`);
  } else if (max !== null && min > max) {
    problem(`${where}: its salary's minimum ${min} is above its maximum ${max}: shown without one`);
  } else if (!/^[A-Z]{3}$/.test(currency) || !currencies.has(currency)) {
    problem(`${where}: its salary's currency ${quote(info.currencyCode)} is not ISO 4217: shown without one`);
  } else if (!unit) {
    problem(`${where}: its salary's period ${quote(info.type)} is not yearly, monthly or hourly: shown without one`);
  } else {
    return { min, max, currency, unit };
  }
  return null;
}

interface Version {
  lang: Language;
  position: PersonioPosition;
  title: string;
  sections: { title: string; html: string }[];
}

/** One language's version of a position, or null where its texts are empty or unusable there. */
function readVersion(lang: Language, position: PersonioPosition, problem: (message: string) => void): Version | null {
  const title = plainText(position.name);
  if (title.length > maxTitleLength) {
    problem(`position ${position.id} (${lang}): its title has ${title.length} characters: not shown in ${lang}`);
    return null;
  }
  const sections = position.jobDescriptions
    .map((description) => ({ title: plainText(description.name), html: sanitizeJobHtml(description.value) }))
    .filter((section) => sanitizedText(section.html) !== '');
  if (!title || sections.length === 0) return null;
  return { lang, position, title, sections };
}

/** Why a position's texts are over the bounds of the feed's HTML (job-html.ts), naming the text; null when none is. */
function overBounds(position: PersonioPosition): string | null {
  const texts: [string, string][] = [
    ['title', position.name],
    ['department', position.department],
    ...[position.office, ...position.additionalOffices].map((office): [string, string] => ['office', office]),
    ...position.jobDescriptions.flatMap((description, index): [string, string][] => [
      [`section ${index + 1}'s title`, description.name],
      [`section ${index + 1}`, description.value],
    ]),
  ];
  for (const [name, text] of texts) {
    try {
      checkHtmlBounds(text);
    } catch (error) {
      if (error instanceof HtmlRefused) return `its ${name} has ${error.message}`;
      throw error;
    }
  }
  return null;
}

const pick = <T extends string>(values: readonly T[], value: string): T | null =>
  (values as readonly string[]).includes(value) ? (value as T) : null;

/**
 * Joins the three language documents of the feed on `<id>`: each language shows
 * its own version of a position, or the German one (marked `lang="de"`) where it
 * has none with texts; positions whose id cannot be an address, duplicates and
 * unusable values are left out or shown without the value, each told to `problem`.
 * Requests are answered in between (the instance that reads the feed serves too).
 */
export async function joinFeed(
  documents: Record<Language, PersonioPosition[]>,
  { feedUrl, previous, now, problem }: JoinOptions,
): Promise<FeedJobs> {
  const pause = timeSlices();
  const versions = new Map<string, Partial<Record<Language, Version>>>();
  /** Positions with a text over the bounds in any language: left out whole. */
  const refused = new Set<string>();
  for (const lng of languageCodes) {
    const positions = documents[lng];
    const seen = new Set<string>();
    for (const position of positions) {
      await pause();
      if (!jobIdPattern.test(position.id)) {
        problem(`a position whose id ${quote(position.id)} cannot be part of an address (${lng}): left out`);
        continue;
      }
      if (seen.has(position.id)) {
        problem(`position ${position.id} appears twice in the ${lng} document: the first one is shown`);
        continue;
      }
      seen.add(position.id);
      if (refused.has(position.id)) continue;
      const over = overBounds(position);
      if (over) {
        problem(`position ${position.id} (${lng}): ${over}: left out`);
        refused.add(position.id);
        versions.delete(position.id);
        continue;
      }
      const version = readVersion(lng, position, problem);
      const entry = versions.get(position.id) ?? {};
      if (version) entry[lng] = version;
      versions.set(position.id, entry);
    }
  }

  const origin = new URL(feedUrl).origin;
  const jobs = Object.fromEntries(languageCodes.map((lng) => [lng, [] as Job[]])) as Record<Language, Job[]>;
  const ownTexts = Object.fromEntries(languageCodes.map((lng) => [lng, 0])) as Record<Language, number>;
  const records: Record<string, JobRecord> = {};
  for (const [id, byLanguage] of versions) {
    await pause();
    const fallbackOrder = [defaultLanguage, ...languageCodes.filter((lng) => lng !== defaultLanguage)];
    if (!fallbackOrder.some((lng) => byLanguage[lng])) {
      problem(`position ${id} has no title or text in any language: left out`);
      continue;
    }
    const hash = createHash('sha256').update(JSON.stringify(byLanguage)).digest('base64url');
    const before = previous[id];
    const record: JobRecord = {
      firstSeenAt: before?.firstSeenAt ?? now,
      changedAt: before && before.hash === hash ? before.changedAt : now,
      hash,
    };
    records[id] = record;
    for (const lng of languageCodes) {
      const version = byLanguage[lng] ?? fallbackOrder.map((other) => byLanguage[other]).find(Boolean);
      if (!version) continue;
      if (byLanguage[lng]) ownTexts[lng] += 1;
      const { position } = version;
      const where = `position ${id} (${version.lang})`;
      const datePosted = parseDate(position.createdAt, now);
      if (!datePosted && lng === version.lang) {
        problem(`${where}: its createdAt ${quote(position.createdAt)} is not a date: dated when first read here`);
      }
      // The company states a pay range on every advertised job (EU Directive 2023/970, Art. 5;
      // docs/decisions/0050-a-pay-range-on-every-job.md): one without is a problem to fix in Personio,
      // told once, with the German list, which has every position.
      if (!position.salaryInformation && lng === defaultLanguage) {
        problem(`position ${id}: has no salary range, so it is shown without pay: enter its range in Personio`);
      }
      const offices = [...new Set([position.office, ...position.additionalOffices].map(plainText).filter(Boolean))];
      const silent = () => {};
      jobs[lng].push({
        id,
        lang: version.lang,
        title: version.title,
        summary: shorten(sanitizedText(version.sections.map((section) => section.html).join(' ')), summaryLength),
        department: shorten(plainText(position.department), 80),
        offices,
        location: offices.join(', '),
        schedule: pick<Schedule>(schedules, position.schedule),
        contract: pick<Contract>(contracts, position.employmentType),
        // Each problem once per read: in the language whose version has it.
        salary: parseSalary(position.salaryInformation, where, lng === version.lang ? problem : silent),
        datePosted: datePosted ?? isoDate(record.firstSeenAt),
        validThrough: null,
        applyUrl: `${origin}/job/${encodeURIComponent(id)}?language=${lng}#apply`,
        body: { kind: 'html', sections: version.sections },
      });
    }
  }
  return { jobs, records, ownTexts };
}
