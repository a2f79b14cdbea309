import { describe, expect, it } from 'vitest';
import { company } from '../../../common/company';
import { fixtureFeedJob, fixtureJob } from '../../test/job-fixtures';
import { serializeJsonLd } from '../../../common/escape-html';
import { jobPosting, type JobPostingLabels } from './job-posting-json-ld';

const labels: JobPostingLabels = {
  keyResponsibilities: 'Your responsibilities',
  supportingResponsibilities: 'Further responsibilities',
  requirements: 'Your profile',
  benefits: 'What we offer',
  howToApply: 'How to apply',
  howToApplyText: `Write to ${company.careerEmail}.`,
};
const siteUrl = 'https://example.org/';

describe('JobPosting JSON-LD', () => {
  it('describes a built-in job, the employer, the place, the pay and how to apply', () => {
    const job = fixtureJob();
    const posting = jobPosting(job, { lng: 'en', siteUrl, labels });
    expect(posting).toMatchObject({
      '@type': 'JobPosting',
      title: job.title,
      url: `https://example.org/en/jobs?job=${job.id}`,
      datePosted: job.datePosted,
      validThrough: job.validThrough,
      employmentType: 'FULL_TIME',
      identifier: { value: job.id },
      hiringOrganization: {
        name: company.name,
        url: 'https://example.org/en',
        logo: 'https://example.org/apple-touch-icon.png',
      },
      jobLocation: {
        address: { addressLocality: company.city, streetAddress: company.streetAddress, addressCountry: 'DE' },
      },
      baseSalary: { currency: 'EUR', value: { minValue: 52_000, maxValue: 64_000, unitText: 'YEAR' } },
      directApply: false,
      applicationContact: { email: company.careerEmail },
    });
    // An empty list adds no empty heading to the description.
    expect(posting.description).not.toContain('Further responsibilities');
    expect(posting.description).toContain('<h3>Your responsibilities</h3><ul><li>Alpha task one.</li>');
  });

  it('describes a feed job: its sections, its offices, its schedule, a floor-only salary, applied for at Personio', () => {
    const job = fixtureFeedJob({
      offices: ['Berlin', 'Hamburg'],
      schedule: 'full-or-part-time',
      contract: 'temporary',
      salary: { min: 18, max: null, currency: 'EUR', unit: 'HOUR' },
    });
    const posting = jobPosting(job, { lng: 'en', siteUrl, labels });
    expect(posting).toMatchObject({
      employmentType: ['TEMPORARY', 'FULL_TIME', 'PART_TIME'],
      jobLocation: [
        { address: { addressLocality: company.city, streetAddress: company.streetAddress } },
        { address: { addressLocality: 'Hamburg', addressCountry: company.countryCode } },
      ],
      baseSalary: { currency: 'EUR', value: { minValue: 18, unitText: 'HOUR' } },
      directApply: true,
    });
    expect(posting).not.toHaveProperty('validThrough');
    expect(posting).not.toHaveProperty('applicationContact');
    expect(posting.baseSalary?.value).not.toHaveProperty('maxValue');
    expect(posting.description).toContain('<h3>Your tasks</h3><p>Beta <strong>tasks</strong>.</p>');
  });

  it('leaves baseSalary out when the pay is not known', () => {
    expect(jobPosting(fixtureJob({ salary: null }), { lng: 'de', siteUrl, labels })).not.toHaveProperty('baseSalary');
  });

  it('escapes text into the HTML description', () => {
    const job = fixtureJob();
    const changed = { ...job, body: { ...job.body, description: 'Tom & Jerry <b>' } } as typeof job;
    expect(jobPosting(changed, { lng: 'de', siteUrl, labels }).description).toContain(
      '<p>Tom &amp; Jerry &lt;b&gt;</p>',
    );
  });

  it('cannot close its script element', () => {
    const json = serializeJsonLd({ title: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script>' });
  });
});
