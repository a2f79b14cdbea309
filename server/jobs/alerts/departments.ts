import { createHash } from 'node:crypto';
import {
  departments,
  type Department,
  type DepartmentChoice,
  type FeedDepartment,
  type Job,
} from '../../../common/jobs';
import { defaultLanguage, languageCodes, type Language } from '../../../common/languages';
import type { Database } from '../../db/database';

/**
 * The departments job alerts are for (docs/decisions/0056-job-alerts.md): the product's
 * departments (common/jobs.ts) and every department the Personio feed has named, each with
 * a key that is the same in every language.
 */

const files = import.meta.glob<{ departments: Record<Department, string> }>(
  '../../../src/content/locales/*/jobs.json',
  {
    eager: true,
    import: 'default',
  },
);

/** The name of one of the product's departments on the pages of a language (jobs.json), or German's. */
export function productLabel(key: Department, lng: Language): string {
  const texts = Object.entries(files).find(([file]) => file.endsWith(`/${lng}/jobs.json`))?.[1];
  const fallback = Object.entries(files).find(([file]) => file.endsWith(`/${defaultLanguage}/jobs.json`))?.[1];
  return (texts ?? fallback)?.departments[key] ?? key;
}

/** The product's departments as each language's pages name them (jobs.json), lower-cased. */
const productNames: Partial<Record<Language, Map<string, Department>>> = Object.fromEntries(
  Object.entries(files).map(([file, texts]) => [
    /\/([a-z]{2})\/jobs\.json$/.exec(file)?.[1] ?? '',
    new Map(departments.map((key) => [texts.departments[key].toLowerCase(), key])),
  ]),
);

/** How long a department the feed no longer names is still offered (and its renaming followed). */
export const departmentKeptMs = 365 * 24 * 60 * 60_000;

/** A key from a name: its letters and digits without accents, in lower case, joined by hyphens. */
function slug(name: string): string {
  const text = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  // A name in a script without Latin letters: a key from its hash, the same in every read.
  return text || `d-${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}

/**
 * The key of a department as the feed names it in each language: the product's department
 * whose name it uses in some language, else one made from its German name (or its first).
 */
export function departmentKey(names: Partial<Record<Language, string>>): string | null {
  for (const lng of languageCodes) {
    const product = productNames[lng]?.get(names[lng]?.trim().toLowerCase() ?? '');
    if (product) return product;
  }
  const first = [defaultLanguage, ...languageCodes].map((lng) => names[lng]?.trim()).find(Boolean);
  return first ? slug(first) : null;
}

/** Each open position's department, in each language's words (a language without its own text shows German). */
export function positionDepartments(
  jobs: Record<Language, readonly Job[]>,
): Map<string, Partial<Record<Language, string>>> {
  const byId = new Map<string, Partial<Record<Language, string>>>();
  for (const lng of languageCodes) {
    for (const job of jobs[lng]) {
      const names = byId.get(job.id) ?? {};
      if (job.department) names[lng] = job.department;
      byId.set(job.id, names);
    }
  }
  return byId;
}

export interface CatalogueUpdate {
  catalogue: FeedDepartment[];
  /** Each open position's department key (none where the feed names no department). */
  keys: Map<string, string>;
  /** Departments renamed by this read: old key → new key. */
  renamed: Map<string, string>;
}

/**
 * The departments the feed has named, after a read: those it names now (with their names),
 * those it named before and no longer does (kept a year), and renamings, told by the
 * positions: when every open position of a department that is no longer named is now in one
 * and the same other department, that department was renamed, and its subscriptions follow.
 */
export function updateCatalogue(
  previous: readonly FeedDepartment[],
  previousKeys: ReadonlyMap<string, string>,
  jobs: Record<Language, readonly Job[]>,
  now: number,
): CatalogueUpdate {
  const keys = new Map<string, string>();
  const named = new Map<string, Partial<Record<Language, string>>>();
  for (const [id, names] of positionDepartments(jobs)) {
    const key = departmentKey(names);
    if (!key) continue;
    keys.set(id, key);
    if (!named.has(key)) named.set(key, names);
  }
  const movedTo = new Map<string, Set<string>>();
  for (const [id, before] of previousKeys) {
    const after = keys.get(id);
    if (after === undefined || after === before || named.has(before)) continue;
    movedTo.set(before, (movedTo.get(before) ?? new Set()).add(after));
  }
  const renamed = new Map(
    [...movedTo].filter(([, to]) => to.size === 1).map(([from, to]) => [from, [...to][0] ?? from] as const),
  );
  const catalogue: FeedDepartment[] = [];
  const seen = new Set<string>();
  for (const [key, names] of named) {
    catalogue.push({ key, names, namedUntil: null });
    seen.add(key);
  }
  for (const entry of previous) {
    if (seen.has(entry.key)) continue;
    const namedUntil = entry.namedUntil ?? now;
    if (now - namedUntil > departmentKeptMs) continue;
    const renamedTo = renamed.get(entry.key) ?? entry.renamedTo;
    catalogue.push({ ...entry, namedUntil, ...(renamedTo ? { renamedTo } : {}) });
    seen.add(entry.key);
  }
  return { catalogue, keys, renamed };
}

/** What a key stands for now: followed through renamings (at most as many as there are departments). */
export function currentKey(key: string, catalogue: readonly FeedDepartment[]): string {
  const byKey = new Map(catalogue.map((entry) => [entry.key, entry]));
  let current = key;
  for (let step = 0; step <= catalogue.length; step++) {
    const next = byKey.get(current)?.renamedTo;
    if (!next) break;
    current = next;
  }
  return current;
}

/**
 * The departments a sign-up may choose: the product's and those the feed names or named
 * (not those renamed since), by key and by every name they have in any language; the
 * product's also by their names on the pages.
 */
export function departmentLookup(catalogue: readonly FeedDepartment[]): (written: string) => string | null {
  const lookup = new Map<string, string>();
  for (const key of departments) lookup.set(key.toLowerCase(), key);
  for (const names of Object.values(productNames)) for (const [name, key] of names ?? []) lookup.set(name, key);
  for (const entry of catalogue) {
    const key = currentKey(entry.key, catalogue);
    lookup.set(entry.key.toLowerCase(), key);
    for (const name of Object.values(entry.names)) if (name) lookup.set(name.toLowerCase(), key);
  }
  return (written) => lookup.get(written.trim().toLowerCase()) ?? null;
}

/** The feed's departments as a page in `lng` offers them besides the product's: named in that language, or in German. */
export function departmentChoices(catalogue: readonly FeedDepartment[], lng: Language): DepartmentChoice[] {
  const product = new Set<string>(departments);
  const collator = new Intl.Collator(lng);
  return catalogue
    .filter((entry) => !entry.renamedTo && !product.has(entry.key))
    .map((entry) => ({
      key: entry.key,
      name: entry.names[lng] ?? entry.names[defaultLanguage] ?? Object.values(entry.names)[0] ?? entry.key,
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** A department's name in a language: the product's as the pages say it, the feed's in its words (or German's). */
export function departmentNamer(catalogue: readonly FeedDepartment[]): (key: string, lng: Language) => string {
  const byKey = new Map(catalogue.map((entry) => [entry.key, entry]));
  return (key, lng) => {
    if ((departments as readonly string[]).includes(key)) return productLabel(key as Department, lng);
    const names = byKey.get(key)?.names ?? {};
    return names[lng] ?? names[defaultLanguage] ?? Object.values(names)[0] ?? key;
  };
}

/** Each renamed department's key, and the key it stands for now. */
export function renamings(catalogue: readonly FeedDepartment[]): Record<string, string> {
  return Object.fromEntries(
    catalogue.filter((entry) => entry.renamedTo).map((entry) => [entry.key, currentKey(entry.key, catalogue)]),
  );
}

/** The departments the feed has named, as the feed's row keeps them (none before its first read). */
export const parseCatalogue = (stored: string | null | undefined): FeedDepartment[] =>
  stored ? (JSON.parse(stored) as FeedDepartment[]) : [];

/** The departments a feed has named, as its row keeps them (none for another JOBS_FEED_URL's row). */
export async function readCatalogue(db: Database, feedUrl: string): Promise<FeedDepartment[]> {
  const row = await db.selectFrom('jobs_feed').select(['feed_url', 'departments']).executeTakeFirst();
  return row?.feed_url === feedUrl ? parseCatalogue(row.departments) : [];
}
