import { describe, expect, it } from 'vitest';
import { employment } from '../../../common/employment';
import { defaultLanguage, languageCodes } from '../../../common/languages';
import { builtInJobs, jobTexts } from './built-in-jobs';
import { departments, jobIds, jobTextsSource, type JobText } from './jobs';

/** The checks every built-in job must pass, whatever it says: a new job or language is checked without a line here. */
const listFields = ['keyResponsibilities', 'supportingResponsibilities', 'requirements', 'benefits'] as const;

describe('built-in jobs (no feed set)', () => {
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
    for (const lng of languageCodes) expect(facts(lng)).toEqual(facts(defaultLanguage));
    expect(builtInJobs(defaultLanguage).map((job) => job.id)).toEqual([...jobIds]);
  });

  it('each name one of the product’s departments, a pay range (EU Directive 2023/970) and lead to the application process', () => {
    for (const job of builtInJobs(defaultLanguage)) {
      expect(departments).toContain(job.department);
      expect(job.salary, job.id).not.toBeNull();
      expect(job.salary?.currency).toBe('EUR');
      expect(job.salary?.min).toBeLessThan(job.salary?.max ?? 0);
      expect(job.applyUrl).toBeNull();
      expect(job.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((job.validThrough ?? '') > job.datePosted, job.id).toBe(true);
    }
  });

  it('has job texts only for the languages of the registry', () => {
    const files = Object.keys(import.meta.glob('./jobs-*.ts')).map((file) => file.slice(2));
    expect(
      files
        .filter((file) => !languageCodes.some((lng) => jobTextsSource(lng).endsWith(`/${file}`)))
        .map((file) => `src/content/jobs/${file} is for no language of common/languages.ts`),
    ).toEqual([]);
  });

  describe.each(languageCodes)('in %s', (lng) => {
    const file = jobTextsSource(lng);

    it('has its file of job texts, describing every job', () => {
      const texts = jobTexts[lng];
      expect(texts, `${file} is missing`).toBeDefined();
      expect(Object.keys(texts ?? {}).sort(), file).toEqual([...jobIds].sort());
    });

    it('describes every job completely, with as many entries in each list as in German', () => {
      const problems = jobIds.flatMap((id) => {
        const job: JobText | undefined = jobTexts[lng]?.[id];
        const source = jobTexts[defaultLanguage]?.[id];
        if (!job || !source) return [`${file} ${id}: missing`];
        return [
          ...(['title', 'summary', 'location', 'description'] as const)
            .filter((field) => !job[field].trim())
            .map((field) => `${file} ${id}.${field}: empty`),
          ...listFields
            .filter((field) => job[field].length !== source[field].length || job[field].some((item) => !item.trim()))
            .map((field) => `${file} ${id}.${field}: ${job[field].length} entries, ${source[field].length} in German`),
          ...(['keyResponsibilities', 'requirements'] as const)
            .filter((field) => job[field].length === 0)
            .map((field) => `${file} ${id}.${field}: none`),
        ];
      });
      expect(problems).toEqual([]);
    });

    it('offers the product’s benefits in every job, with the numbers of common/employment.ts', () => {
      const benefits = jobIds.map((id) => jobTexts[lng]?.[id]?.benefits ?? []);
      const shared = (benefits[0] ?? [])
        .filter((benefit) => benefits.every((list) => list.includes(benefit)))
        .join('\n');
      for (const value of [employment.leaveDays, employment.developmentDays, employment.mobileWorkPercent])
        expect(shared, `${file}: the benefits every job shares`).toMatch(new RegExp(`(?<!\\d)${value}(?!\\d)`));
    });
  });
});
