import { describe, expect, it } from 'vitest';
import { company } from '../../../common/company';
import { mergeJobs } from '../../content/jobs/jobs';
import { loadJobTexts } from '../../content/jobs/load-job-texts';
import { jobPosting, serializeJsonLd, type JobPostingLabels } from './job-posting-json-ld';

const labels: JobPostingLabels = {
  keyResponsibilities: 'Your responsibilities',
  supportingResponsibilities: 'Further responsibilities',
  requirements: 'Your profile',
  benefits: 'What we offer',
  howToApply: 'How to apply',
  howToApplyText: `Write to ${company.careerEmail}.`,
};
const jobs = mergeJobs(await loadJobTexts('en'));
const job = (id: string) => {
  const found = jobs.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No ${id}`);
  return found;
};
const strategist = job('job-001');
const hrManager = job('job-002');

describe('JobPosting JSON-LD', () => {
  it('describes the job, the employer, the place and how to apply', () => {
    const posting = jobPosting(hrManager, { lng: 'en', siteUrl: 'https://example.org/', labels });
    expect(posting).toMatchObject({
      '@type': 'JobPosting',
      title: 'HR Manager',
      url: 'https://example.org/en/jobs?job=job-002',
      datePosted: hrManager.datePosted,
      validThrough: hrManager.validThrough,
      employmentType: 'FULL_TIME',
      hiringOrganization: {
        name: company.name,
        url: 'https://example.org/en',
        logo: 'https://example.org/favicon.svg',
      },
      jobLocation: { address: { addressLocality: company.city, addressCountry: 'DE' } },
      directApply: false,
      applicationContact: { email: company.careerEmail },
    });
    // An empty list adds no empty heading to the description.
    expect(posting.description).not.toContain('Further responsibilities');
    expect(jobPosting(strategist, { lng: 'en', siteUrl: 'https://example.org', labels }).description).toContain(
      '<h3>Further responsibilities</h3><ul><li>Contribute to proposals and tenders.</li>',
    );
  });

  it('escapes text into the HTML description', () => {
    const changed = { ...hrManager, description: 'Tom & Jerry <b>' };
    expect(jobPosting(changed, { lng: 'de', siteUrl: 'https://example.org', labels }).description).toContain(
      '<p>Tom &amp; Jerry &lt;b&gt;</p>',
    );
  });

  it('cannot close its script element', () => {
    const json = serializeJsonLd({ title: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script>' });
  });
});
