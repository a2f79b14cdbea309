import { company } from '../../../common/company';
import { escapeHtml } from '../../../common/escape-html';
import type { Language } from '../../../common/languages';
import { pageUrl } from '../../../common/page-urls';
import type { Job } from '../../content/jobs/jobs';

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
  const list = (title: string, items: readonly string[]) =>
    items.length
      ? `<h3>${escapeHtml(title)}</h3><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
      : '';
  return [
    `<p>${escapeHtml(job.description)}</p>`,
    list(labels.keyResponsibilities, job.keyResponsibilities),
    list(labels.supportingResponsibilities, job.supportingResponsibilities),
    list(labels.requirements, job.requirements),
    list(labels.benefits, job.benefits),
    `<h3>${escapeHtml(labels.howToApply)}</h3><p>${escapeHtml(labels.howToApplyText)}</p>`,
  ].join('');
}

/**
 * schema.org JobPosting for search engines' job listings. Applications go by
 * e-mail (SPEC 1), so `directApply` is false and the career address is the
 * application contact.
 */
export function jobPosting(
  job: Job,
  { lng, siteUrl, labels }: { lng: Language; siteUrl: string; labels: JobPostingLabels },
) {
  const home = pageUrl(siteUrl, 'home', lng);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml(job, labels),
    identifier: { '@type': 'PropertyValue', name: company.name, value: job.id },
    url: pageUrl(siteUrl, 'jobs', lng, { job: job.id }),
    datePosted: job.datePosted,
    validThrough: job.validThrough,
    employmentType: job.employmentType,
    hiringOrganization: {
      '@type': 'Organization',
      name: company.name,
      url: home,
      sameAs: [home, ...Object.values(company.social)],
      logo: `${siteUrl.replace(/\/+$/, '')}/favicon.svg`,
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: company.streetAddress,
        postalCode: company.postCode,
        addressLocality: company.city,
        addressCountry: company.countryCode,
      },
    },
    directApply: false,
    applicationContact: { '@type': 'ContactPoint', contactType: labels.howToApply, email: company.careerEmail },
  };
}

/** JSON for an inline script: `<` is escaped so no text can close the script element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
