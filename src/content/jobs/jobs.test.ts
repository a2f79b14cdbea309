import { describe, expect, it } from 'vitest';
import { languageCodes } from '../../../common/languages';
import { jobFacts, jobIds, mergeJobs, type JobText, type JobTexts } from './jobs';
import { loadJobTexts } from './load-job-texts';

const texts = Object.fromEntries(
  await Promise.all(languageCodes.map(async (lng) => [lng, await loadJobTexts(lng)] as const)),
) as Record<(typeof languageCodes)[number], JobTexts>;

const listFields = ['keyResponsibilities', 'supportingResponsibilities', 'requirements', 'benefits'] as const;

describe('job data', () => {
  it('holds SPEC 3’s three jobs', () => {
    expect(
      mergeJobs(texts.en).map(({ id, title, department, location, employmentType }) => ({
        id,
        title,
        department,
        location,
        employmentType,
      })),
    ).toEqual([
      {
        id: 'job-001',
        title: 'Business Strategist',
        department: 'consulting',
        location: 'Berlin, Germany',
        employmentType: 'FULL_TIME',
      },
      {
        id: 'job-002',
        title: 'HR Manager',
        department: 'humanResources',
        location: 'Berlin, Germany',
        employmentType: 'FULL_TIME',
      },
      {
        id: 'job-003',
        title: 'IT Manager',
        department: 'engineering',
        location: 'Berlin, Germany',
        employmentType: 'FULL_TIME',
      },
    ]);
  });

  it('posts each job before it expires', () => {
    for (const job of jobFacts) {
      expect(job.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(job.validThrough > job.datePosted, job.id).toBe(true);
    }
  });

  for (const lng of languageCodes) {
    it(`describes every job completely in ${lng}`, () => {
      expect(Object.keys(texts[lng]).sort()).toEqual([...jobIds].sort());
      for (const id of jobIds) {
        const job: JobText = texts[lng][id];
        for (const text of [job.title, job.summary, job.location, job.description])
          expect(text.trim(), `${lng} ${id}`).not.toBe('');
        for (const field of listFields) {
          // Translations are complete: every list has as many entries as in German.
          expect(job[field], `${lng} ${id} ${field}`).toHaveLength(texts.de[id][field].length);
          for (const item of job[field]) expect(item.trim()).not.toBe('');
        }
        expect(job.keyResponsibilities.length).toBeGreaterThan(0);
        expect(job.requirements.length).toBeGreaterThan(0);
      }
    });
  }

  it('quotes SPEC 9’s benefits in every job', () => {
    const quotes = {
      de: [/25 Tage bezahlter Urlaub im Jahr bei einer Fünftagewoche, dazu 2 zusätzliche Tage/, /bis zu 20\s%/],
      en: [/25 days of paid leave a year on a five-day week, plus 2 extra days/, /up to 20%/],
      fr: [
        /25 jours de congés payés par an sur la base d’une semaine de cinq jours, plus 2 jours supplémentaires/,
        /jusqu’à 20\s%/,
      ],
    };
    for (const lng of languageCodes) {
      for (const id of jobIds) {
        const benefits = texts[lng][id].benefits.join('\n');
        for (const quote of quotes[lng]) expect(benefits, `${lng} ${id}`).toMatch(quote);
      }
    }
  });

  it('has a job without supporting responsibilities, which the detail leaves out', () => {
    expect(jobIds.filter((id) => texts.de[id].supportingResponsibilities.length === 0)).toEqual(['job-002']);
  });
});
