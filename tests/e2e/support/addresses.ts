import { languageCodes, type Language } from '../../../common/languages';
import {
  languageParam,
  languageSwitchHref,
  localizedPath,
  pageHref,
  searchOf,
  type PageVariant,
} from '../../../common/page-urls';
import type { FormResult } from '../../../common/form-results';
import { findPage, type SitePageId } from '../../../common/site-pages';
import { jobIds, type JobId } from '../../../src/content/jobs/jobs';

/**
 * Where the browser tests go, built from the page registry and the address
 * rules of common/page-urls.ts (docs/contract.md#languages-and-urls), never written by hand.
 */

/** A page of the registry, in one of its variants (`{ job: 'job-002' }`), or the page-not-found screen. */
export type Visit = { id: SitePageId; variant?: PageVariant } | { id: 'not-found'; path?: string };

/** A built-in job, for the tests that open one: the first of the registry, whichever it is. */
export const someJob: JobId = (() => {
  const [first] = jobIds;
  if (!first) throw new Error('There is no built-in job');
  return first;
})();

/** The jobs page with one job open: `/en/jobs?job=job-002`. */
export const jobVisit = (job: JobId) => ({ id: 'jobs', variant: { job } }) as const satisfies Visit;

/** The address of the jobs page with one job open, in a language. */
export const jobHref = (job: JobId, lng: Language) => visitHref(jobVisit(job), lng);

/** The page that says what became of a form sent without JavaScript: `/fr/form-result?status=contact-sent`. */
export const formResultHref = (status: FormResult, lng: Language) =>
  pageHref('form-result', lng, { variant: { status } });

/**
 * For `toHaveURL`: the page is at `href` (path, query and fragment). A form
 * sent by GET without fields leaves a bare `?` in the address, which counts as none.
 */
export const atAddress = (href: string) => (url: URL) => `${url.pathname}${url.search}${url.hash}` === href;

/** A path no page lives at: the page-not-found screen in the language of its prefix. */
export const missingPath = '/no-such-page';

/** A newsletter token of the right shape that no subscription has: the pages show their button for it. */
export const unknownToken = 'a'.repeat(43);

/** The address of a visit in a language, as the site's own links write it. */
export function visitHref(visit: Visit, lng: Language): string {
  if (visit.id === 'not-found') return localizedPath(visit.path ?? missingPath, lng);
  return pageHref(visit.id, lng, { variant: visit.variant });
}

/** A short name of a visit for test titles and messages: `jobs?job=job-001`. */
export function visitLabel(visit: Visit): string {
  if (visit.id === 'not-found') return `not-found ${visit.path ?? missingPath}`;
  return `${visit.id}${searchOf(visit.variant ?? {})}`;
}

/** An address as it was before the language moved into the path: `/about?lng=en`. */
export function legacyHref(id: SitePageId, lng: Language, variant: PageVariant = {}): string {
  return `${findPage(id).path}${searchOf({ ...variant, [languageParam]: lng })}`;
}

/** A language other than `lng`: what a cookie or browser says when a test wants it to disagree with the address. */
export function otherLanguage(lng: Language): Language {
  const other = languageCodes.find((code) => code !== lng);
  if (!other) throw new Error('The site speaks only one language');
  return other;
}

/**
 * A page's address as a visitor's explicit choice of its language: the German home is `/?lng=de`
 * (the language menu's entry), which the root serves whatever the browser and cookie say; every
 * other page is its own address.
 */
export const chosenHref = (id: SitePageId, lng: Language): string =>
  id === 'home' ? languageSwitchHref('home', '', lng) : pageHref(id, lng);
