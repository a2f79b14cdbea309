import 'i18next';
import type carousel from '../../content/locales/de/carousel.json';
import type common from '../../content/locales/de/common.json';
import type consent from '../../content/locales/de/consent.json';
import type contactForm from '../../content/locales/de/contact-form.json';
import type formResult from '../../content/locales/de/form-result.json';
import type importExport from '../../content/locales/de/import-export.json';
import type jobAlerts from '../../content/locales/de/job-alerts.json';
import type jobAlertsConfirm from '../../content/locales/de/job-alerts-confirm.json';
import type jobAlertsUnsubscribe from '../../content/locales/de/job-alerts-unsubscribe.json';
import type jobs from '../../content/locales/de/jobs.json';
import type logistics from '../../content/locales/de/logistics.json';
import type mail from '../../content/locales/de/mail.json';
import type newsletter from '../../content/locales/de/newsletter.json';
import type newsletterConfirm from '../../content/locales/de/newsletter-confirm.json';
import type newsletterUnsubscribe from '../../content/locales/de/newsletter-unsubscribe.json';
import type pictures from '../../content/locales/de/pictures.json';
import type procurement from '../../content/locales/de/procurement.json';

declare module 'i18next' {
  /**
   * The texts of each namespace, in German's shape (the parity test holds the other languages
   * to it): here those that more than one module reads; a page's own namespace is added by its
   * module (`declare module 'i18next'` in src/pages/<id>-page.tsx), so a new page needs no line here.
   */
  interface Namespaces {
    carousel: typeof carousel;
    common: typeof common;
    consent: typeof consent;
    'contact-form': typeof contactForm;
    'form-result': typeof formResult;
    'import-export': typeof importExport;
    jobs: typeof jobs;
    'job-alerts': typeof jobAlerts;
    'job-alerts-confirm': typeof jobAlertsConfirm;
    'job-alerts-unsubscribe': typeof jobAlertsUnsubscribe;
    logistics: typeof logistics;
    mail: typeof mail;
    newsletter: typeof newsletter;
    'newsletter-confirm': typeof newsletterConfirm;
    'newsletter-unsubscribe': typeof newsletterUnsubscribe;
    pictures: typeof pictures;
    procurement: typeof procurement;
  }

  interface CustomTypeOptions {
    defaultNS: 'common';
    enableSelector: 'optimize';
    resources: Namespaces;
  }
}
