import 'i18next';
import type about from '../../content/locales/de/about.json';
import type applicationProcess from '../../content/locales/de/application-process.json';
import type careers from '../../content/locales/de/careers.json';
import type carousel from '../../content/locales/de/carousel.json';
import type common from '../../content/locales/de/common.json';
import type consent from '../../content/locales/de/consent.json';
import type contact from '../../content/locales/de/contact.json';
import type contactForm from '../../content/locales/de/contact-form.json';
import type formResult from '../../content/locales/de/form-result.json';
import type home from '../../content/locales/de/home.json';
import type importExport from '../../content/locales/de/import-export.json';
import type jobs from '../../content/locales/de/jobs.json';
import type legal from '../../content/locales/de/legal.json';
import type logistics from '../../content/locales/de/logistics.json';
import type mail from '../../content/locales/de/mail.json';
import type newsletter from '../../content/locales/de/newsletter.json';
import type newsletterConfirm from '../../content/locales/de/newsletter-confirm.json';
import type newsletterUnsubscribe from '../../content/locales/de/newsletter-unsubscribe.json';
import type pictures from '../../content/locales/de/pictures.json';
import type privacy from '../../content/locales/de/privacy.json';
import type procurement from '../../content/locales/de/procurement.json';
import type services from '../../content/locales/de/services.json';
import type sitemap from '../../content/locales/de/sitemap.json';
import type terms from '../../content/locales/de/terms.json';

// German is the source of keys; the parity test holds the other languages to it.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    enableSelector: 'optimize';
    resources: {
      about: typeof about;
      'application-process': typeof applicationProcess;
      careers: typeof careers;
      carousel: typeof carousel;
      common: typeof common;
      consent: typeof consent;
      contact: typeof contact;
      'contact-form': typeof contactForm;
      'form-result': typeof formResult;
      home: typeof home;
      'import-export': typeof importExport;
      jobs: typeof jobs;
      legal: typeof legal;
      logistics: typeof logistics;
      mail: typeof mail;
      newsletter: typeof newsletter;
      'newsletter-confirm': typeof newsletterConfirm;
      'newsletter-unsubscribe': typeof newsletterUnsubscribe;
      pictures: typeof pictures;
      privacy: typeof privacy;
      procurement: typeof procurement;
      services: typeof services;
      sitemap: typeof sitemap;
      terms: typeof terms;
    };
  }
}
