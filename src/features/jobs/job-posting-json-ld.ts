import { company, officeAddresses } from '../../../common/company';
import { escapeHtml } from '../../../common/escape-html';
import { schemaEmploymentType, type Job } from '../../../common/jobs';
import type { Language } from '../../../common/languages';
import { logoUrl, pageUrl } from '../../../common/page-urls';

/** Section titles and the how-to-apply text, in the page's language. */
export interface JobPostingLabels {
  keyResponsibilities: string;
  supportingResponsibilities: string;
  requirements: string;
  benefits: string;
  howToApply: string;
  howToApplyText: string;
}

function descriptionHtml(job: Job, labels: JobPostingLabels): string {
  const heading = (title: string) => `<h3>${escapeHtml(title)}</h3>`;
  const apply = `${heading(labels.howToApply)}<p>${escapeHtml(labels.howToApplyText)}</p>`;
  if (job.body.kind === 'html') {
    // Sanitized on the server when the feed was read (server/jobs/job-html.ts).
    return [...job.body.sections.map((section) => `${heading(section.title)}${section.html}`), apply].join('');
  }
  const list = (title: string, items: readonly string[]) =>
    items.length ? `${heading(title)}<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '';
  return [
    `<p>${escapeHtml(job.body.description)}</p>`,
    list(labels.keyResponsibilities, job.body.keyResponsibilities),
    list(labels.supportingResponsibilities, job.body.supportingResponsibilities),
    list(labels.requirements, job.body.requirements),
    list(labels.benefits, job.body.benefits),
    apply,
  ].join('');
}

/** Where a job is based: the office's postal address where the company lists it, else its name as the place. */
function jobLocation(office: string) {
  const address = officeAddresses[office];
  return {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      ...(address ? { streetAddress: address.streetAddress, postalCode: address.postCode } : {}),
      addressLocality: address?.city ?? office,
      addressCountry: company.countryCode,
    },
  };
}

/**
 * schema.org JobPosting for search engines' job listings, on each job's own
 * page only. The built-in jobs are applied for by e-mail (docs/product.md#applications): the career
 * address is the application contact. A feed's job is applied for in its form
 * at Personio, one step from the page (`directApply`).
 */
export function jobPosting(
  job: Job,
  { lng, siteUrl, labels }: { lng: Language; siteUrl: string; labels: JobPostingLabels },
) {
  const home = pageUrl(siteUrl, 'home', lng);
  const employmentType = schemaEmploymentType(job.schedule, job.contract);
  const locations = job.offices.map(jobLocation);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml(job, labels),
    identifier: { '@type': 'PropertyValue', name: company.name, value: job.id },
    url: pageUrl(siteUrl, 'jobs', lng, { job: job.id }),
    datePosted: job.datePosted,
    ...(job.validThrough ? { validThrough: job.validThrough } : {}),
    employmentType: employmentType.length === 1 ? employmentType[0] : employmentType,
    hiringOrganization: {
      '@type': 'Organization',
      name: company.name,
      url: home,
      sameAs: [home, ...Object.values(company.social)],
      logo: logoUrl(siteUrl),
    },
    jobLocation: locations.length === 1 ? locations[0] : locations,
    ...(job.salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: job.salary.currency,
            value: {
              '@type': 'QuantitativeValue',
              minValue: job.salary.min,
              ...(job.salary.max === null ? {} : { maxValue: job.salary.max }),
              unitText: job.salary.unit,
            },
          },
        }
      : {}),
    directApply: job.applyUrl !== null,
    ...(job.applyUrl === null
      ? { applicationContact: { '@type': 'ContactPoint', contactType: labels.howToApply, email: company.careerEmail } }
      : {}),
  };
}
