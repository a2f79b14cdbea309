import { describe, expect, it } from 'vitest';
import { company } from '../../../common/company';
import { languageCodes } from '../../../common/languages';
import { pageUrl } from '../../../common/page-urls';
import type { SitePageId } from '../../../common/site-pages';
import { retention } from '../../../common/retention';
import { escapeHtml } from '../html';
import { mailTexts } from '../mail-texts';
import { contactNotification } from './contact-notification';
import { jobAlertMail, maxListedPositions } from './job-alert';
import { jobAlertConfirmation } from './job-alert-confirmation';
import { newsletterConfirmation } from './newsletter-confirmation';

const siteUrl = 'https://www.westbridge.example';

describe.each(languageCodes)('the newsletter confirmation in %s', (language) => {
  const mail = newsletterConfirmation({
    from: 'Westbridge <info@westbridge.example>',
    to: 'kofi@example.com',
    language,
    siteUrl,
    confirmUrl: pageUrl(siteUrl, 'newsletter-confirm', language, { token: 'c' }),
    unsubscribeUrl: pageUrl(siteUrl, 'newsletter-unsubscribe', language, { token: 'u' }),
  });
  const { t, period, pageName } = mailTexts(language);

  it('is a business letter of a GmbH: name with legal form, address, seat, register court and number, managing director', () => {
    const facts = [
      company.name,
      company.streetAddress,
      `${company.postCode} ${company.city}`,
      company.seat,
      company.registerCourt,
      company.registrationNumber,
      company.representative,
    ];
    for (const fact of facts) {
      expect(mail.text, fact).toContain(fact);
      expect(mail.html, fact).toContain(escapeHtml(fact));
    }
    expect(mail.text).toContain(t(($) => $.footer.director[company.representativeGender]));
  });

  it('links to the privacy policy and the legal notice in its language, and to the unsubscribe page', () => {
    const line = (label: string, page: SitePageId) =>
      t(($) => $.labelled, { label, value: pageUrl(siteUrl, page, language) });
    expect(mail.text).toContain(line(pageName('privacy'), 'privacy'));
    expect(mail.text).toContain(line(pageName('legal'), 'legal'));
    expect(mail.text).not.toContain('\u00ad');
    expect(mail.text).toContain(pageUrl(siteUrl, 'newsletter-unsubscribe', language, { token: 'u' }));
    expect(mail.html).toContain(`href="${pageUrl(siteUrl, 'privacy', language).replaceAll('&', '&amp;')}"`);
    expect(mail.html).toContain(`href="${pageUrl(siteUrl, 'legal', language).replaceAll('&', '&amp;')}"`);
  });

  it('states the periods of common/retention.ts in its own words', () => {
    expect(mail.text).toContain(period(retention.confirmationLink));
    expect(mail.text).toContain(period(retention.unconfirmedSignUps));
    expect(mail.subject).toBe(t(($) => $.newsletterConfirmation.subject));
  });
});

describe.each(languageCodes)('the job alerts’ mails in %s', (language) => {
  const unsubscribeUrl = pageUrl(siteUrl, 'job-alerts-unsubscribe', language, { token: 'u' });
  const confirmation = jobAlertConfirmation({
    from: 'Westbridge <info@westbridge.example>',
    to: 'kofi@example.com',
    language,
    siteUrl,
    confirmUrl: pageUrl(siteUrl, 'job-alerts-confirm', language, { token: 'c' }),
    unsubscribeUrl,
    departments: ['Einkauf', 'Lager'],
  });
  const alert = jobAlertMail({
    from: 'Westbridge <info@westbridge.example>',
    to: 'kofi@example.com',
    language,
    siteUrl,
    jobsUrl: pageUrl(siteUrl, 'jobs', language),
    unsubscribeUrl,
    departments: [],
    positions: Array.from({ length: maxListedPositions + 3 }, (_, index) => ({
      title: `Position <${index}>`,
      lang: language,
      department: 'Lager',
      location: 'Hamburg',
      salary: { min: 48_000, max: null, currency: 'EUR', unit: 'YEAR' as const },
      url: pageUrl(siteUrl, 'jobs', language, { job: String(index) }),
    })),
  });
  const { t, period, pageName } = mailTexts(language);

  it.each([
    ['confirmation', confirmation],
    ['alert', alert],
  ])('the %s is a business letter of a GmbH, links to the privacy policy and unsubscribes in one click', (_, mail) => {
    for (const fact of [
      company.name,
      company.seat,
      company.registerCourt,
      company.registrationNumber,
      company.representative,
    ])
      expect(mail.text, fact).toContain(fact);
    expect(mail.text).toContain(
      t(($) => $.labelled, { label: pageName('privacy'), value: pageUrl(siteUrl, 'privacy', language) }),
    );
    expect(mail.text).toContain(unsubscribeUrl);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.html).not.toContain('<0>');
  });

  it('states the periods of common/retention.ts, and lists at most a bounded number of positions, linking the rest', () => {
    expect(confirmation.text).toContain(period(retention.confirmationLink));
    expect(confirmation.text).toContain(period(retention.unconfirmedSignUps));
    expect(alert.subject).toBe(t(($) => $.jobAlert.subject.other, { count: maxListedPositions + 3 }));
    expect(alert.text.match(/\?job=\d+/g)).toHaveLength(maxListedPositions);
    expect(alert.text).toContain(t(($) => $.jobAlert.more.other, { count: 3 }));
    expect(alert.html).toContain(escapeHtml('Position <0>'));
  });
});

describe('the contact notification', () => {
  it('is written in the company’s working language, whatever the visitor’s', () => {
    const { t } = mailTexts(company.workingLanguage);
    for (const language of languageCodes) {
      const mail = contactNotification(
        { name: 'Amara Mensah', email: 'amara@example.com', subject: '', message: 'Hello', website: '' },
        { from: 'a@westbridge.example', to: 'b@westbridge.example', language, receivedAt: new Date() },
      );
      expect(mail.subject).toBe(
        t(($) => $.contactNotification.subject, {
          subject: t(($) => $.contactNotification.noSubject),
          name: 'Amara Mensah',
        }),
      );
      expect(mail.text).toContain(t(($) => $.contactNotification.reply));
    }
  });
});
