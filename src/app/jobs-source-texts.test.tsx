import { afterEach, describe, expect, it } from 'vitest';
import { company } from '../../common/company';
import { jobsSources, type JobsSource } from '../../common/jobs';
import { languageCodes } from '../../common/languages';
import { applicationRecipient } from '../../common/services';
import ApplicationProcessPage from '../pages/application-process-page';
import ContactPage from '../pages/contact-page';
import PrivacyPage from '../pages/privacy-page';
import { expectFinishedPage } from '../test/page-text';
import { renderWithProviders, textsOf } from '../test/render';

/**
 * Where applicants apply follows JOBS_FEED_URL, as the server serves it (`data-jobs-source`):
 * with the feed, "Apply now" leads to Personio's form, so the privacy policy names Personio as
 * the processor of applicant data (GDPR Art. 13(1)(e), Art. 28) and every page that says how to
 * apply describes both ways; without it, applications come by e-mail and Personio is named nowhere.
 */

function serve(source: JobsSource) {
  document.documentElement.setAttribute('data-jobs-source', source);
}

afterEach(() => document.documentElement.removeAttribute('data-jobs-source'));

const operator = applicationRecipient.operator;

for (const lng of languageCodes) {
  describe(`in ${lng}`, () => {
    const t = textsOf(lng);
    const applyNow = t(($) => $.detail.applyNow, { ns: 'jobs' });
    const city = operator.city[lng];

    for (const source of jobsSources) {
      const personio = source === 'personio';

      it(`the privacy policy names the processor of applications exactly when the jobs come from Personio (${source})`, () => {
        serve(source);
        renderWithProviders(<PrivacyPage />, { lng, path: '/privacy' });
        expectFinishedPage();
        const applications = document.getElementById('applications')?.textContent ?? '';
        const recipients = document.getElementById('recipients')?.textContent ?? '';
        expect(applications.includes(`${operator.name}, ${city}`)).toBe(personio);
        expect(recipients.includes(`${operator.name}, ${city}`)).toBe(personio);
        expect(applications.includes(applyNow)).toBe(personio);
        // E-mail stays the way for speculative applications either way.
        expect(applications).toContain(company.careerEmail);
        expect((document.body.textContent ?? '').includes(applicationRecipient.name)).toBe(personio);
      });

      it(`the application process page describes the ways to apply the setting offers (${source})`, () => {
        serve(source);
        renderWithProviders(<ApplicationProcessPage />, { lng, path: '/application-process' });
        expectFinishedPage();
        const text = document.body.textContent ?? '';
        expect(text.includes(applicationRecipient.name)).toBe(personio);
        expect(text.includes(applyNow)).toBe(personio);
        expect(text.includes(operator.name)).toBe(personio);
        const mailto = document.querySelector(`a[href^="mailto:${company.careerEmail}?subject="]`);
        expect(mailto, 'the e-mail way, for every application or the speculative ones').not.toBeNull();
      });

      it(`the contact page tells applicants where to apply (${source})`, () => {
        serve(source);
        renderWithProviders(<ContactPage />, { lng, path: '/contact' });
        const text = document.body.textContent ?? '';
        expect(text.includes(applyNow)).toBe(personio);
        expect(text).toContain(company.careerEmail);
      });
    }
  });
}
