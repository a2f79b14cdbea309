import { jobCard, type Job, type JobCard } from '../../common/jobs';
import type { Language } from '../../common/languages';

/**
 * Jobs invented for the tests, so a changed ad changes no test: one built-in
 * style job with lists, and feed-style ones with sanitized HTML sections.
 */
export function fixtureJob(overrides: Partial<Job> = {}, lng: Language = 'en'): Job {
  return {
    id: 'fixture-1',
    lang: lng,
    title: 'Test Position Alpha',
    summary: 'A position that exists only in the tests.',
    department: 'consulting',
    offices: ['Berlin'],
    location: 'Berlin',
    schedule: 'full-time',
    contract: 'permanent',
    salary: { min: 52_000, max: 64_000, currency: 'EUR', unit: 'YEAR' },
    datePosted: '2026-10-01',
    validThrough: '2027-01-31',
    applyUrl: null,
    body: {
      kind: 'lists',
      description: 'Alpha description.',
      keyResponsibilities: ['Alpha task one.', 'Alpha task two.'],
      supportingResponsibilities: [],
      requirements: ['Alpha requirement.'],
      benefits: ['Alpha benefit.'],
    },
    ...overrides,
  };
}

export const fixtureFeedJob = (overrides: Partial<Job> = {}, lng: Language = 'en'): Job =>
  fixtureJob(
    {
      id: '1000',
      title: 'Feed Position Beta',
      department: 'Logistics Desk',
      applyUrl: `https://acme.jobs.personio.de/job/1000?language=${lng}#apply`,
      validThrough: null,
      body: { kind: 'html', sections: [{ title: 'Your tasks', html: '<p>Beta <strong>tasks</strong>.</p>' }] },
      ...overrides,
    },
    lng,
  );

export const cardsOf = (jobs: readonly Job[], lng: Language): JobCard[] => jobs.map((job) => jobCard(job, lng));
