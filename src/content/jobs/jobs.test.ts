import { describe, expect, it } from 'vitest';
import { languageCodes } from '../../../common/languages';
import { builtInJobs, departments, jobIds, jobTexts, type JobText } from './jobs';

const listFields = ['keyResponsibilities', 'supportingResponsibilities', 'requirements', 'benefits'] as const;

describe('built-in jobs (SPEC 3, no feed set)', () => {
  it('are the same jobs with the same facts in every language', () => {
    const facts = (lng: (typeof languageCodes)[number]) =>
      builtInJobs(lng).map(({ id, department, schedule, contract, salary, datePosted }) => ({
        id,
        department,
        schedule,
        contract,
        salary,
        datePosted,
      }));
    for (const lng of languageCodes) expect(facts(lng)).toEqual(facts('de'));
    expect(builtInJobs('de').map((job) => job.id)).toEqual([...jobIds]);
  });

  it('each name one of SPEC 9’s departments, a pay range (EU Directive 2023/970) and lead to the application process', () => {
    for (const job of builtInJobs('en')) {
      expect(departments).toContain(job.department);
      expect(job.salary, job.id).not.toBeNull();
      expect(job.salary?.currency).toBe('EUR');
      expect(job.salary?.min).toBeLessThan(job.salary?.max ?? 0);
      expect(job.applyUrl).toBeNull();
      expect(job.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((job.validThrough ?? '') > job.datePosted, job.id).toBe(true);
    }
  });

  for (const lng of languageCodes) {
    it(`describes every job completely in ${lng}`, () => {
      expect(Object.keys(jobTexts[lng]).sort()).toEqual([...jobIds].sort());
      for (const id of jobIds) {
        const job: JobText = jobTexts[lng][id];
        for (const text of [job.title, job.summary, job.location, job.description])
          expect(text.trim(), `${lng} ${id}`).not.toBe('');
        for (const field of listFields) {
          // Translations are complete: every list has as many entries as in German.
          expect(job[field], `${lng} ${id} ${field}`).toHaveLength(jobTexts.de[id][field].length);
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
        const benefits = jobTexts[lng][id].benefits.join('\n');
        for (const quote of quotes[lng]) expect(benefits, `${lng} ${id}`).toMatch(quote);
      }
    }
  });
});
