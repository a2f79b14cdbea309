/**
 * The registry of what the site stores in a visitor's browser and which
 * outside services it may use: each with its category, who runs it, and every
 * cookie and storage entry it sets with its lifetime. The cookie banner, the
 * settings dialog, the removal of a service's cookies when its consent is
 * withdrawn, the Content-Security-Policy and the privacy policy are all made
 * from it (docs/decisions/0017-consent-and-retention-that-tell-the-truth.md).
 * Texts (purposes, units) are in consent.json under the ids used here.
 */
import { company } from './company.ts';
import { languageCookieMaxAgeDays, languageCookieName, languageStorageKey, type Language } from './languages.ts';
import type { Period } from './retention.ts';
import { consentStorageKey, languageMenuFocusKey, newsletterFlags, themeStorageKey } from './storage-keys.ts';

/** The categories of docs/product.md#cookie-consent, in the order the settings list them. */
export const consentCategories = ['necessary', 'preferences', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof consentCategories)[number];

/** How long an entry stays in the browser: a period, until the visitor deletes it, or until the tab is closed. */
export type Lifetime = Period | { unit: 'untilDeleted' } | { unit: 'untilTabClosed' };

/** What an entry holds and why: a key of consent.json's `storage`. */
export type StoragePurpose =
  | 'consent'
  | 'theme'
  | 'language'
  | 'languageCookie'
  | 'languageMenuFocus'
  | 'newsletterSubscribed'
  | 'newsletterHidden'
  | 'visitorId'
  | 'referrer'
  | 'visit';

export interface BrowserEntry {
  /** As the browser's tools show it; `*` stands for a part that varies, such as a site or container id. */
  name: string;
  kind: 'cookie' | 'localStorage' | 'sessionStorage';
  lifetime: Lifetime;
  purpose: StoragePurpose;
}

/** Where data goes outside the EU and EEA, and on what basis (Art. 45 GDPR). */
export interface Transfer {
  /** ISO 3166 country code. */
  country: string;
  /** An adequacy decision for the country, or for the EU-US Data Privacy Framework the recipient is certified under. */
  basis: 'adequacy' | 'dataPrivacyFramework';
}

/** A company that runs a service for us, as a processor (Art. 28 GDPR). */
export interface Operator {
  name: string;
  /** Its seat; in each language's own name where the languages name the city differently (München, Munich). */
  city: string | Readonly<Record<Language, string>>;
  /** ISO 3166 country code. */
  country: string;
  transfer?: Transfer;
}

/** What a service does: a key of consent.json's `services` (one per product, however it is hosted). */
export type ServicePurpose = 'matomo' | 'plausible' | 'google';

export interface SiteService {
  /** Its key in a stored consent and in its record. */
  id: string;
  /** Null for the site's own entries, which each say what they are for. */
  purpose: ServicePurpose | null;
  category: ConsentCategory;
  /** The product's name. */
  name: string;
  /** Null: we run it ourselves, on servers we run or have run for us; nothing goes to its maker. */
  operator: Operator | null;
  /** Everything it stores in the browser. */
  entries: readonly BrowserEntry[];
  /** Origins its script loads more scripts or images from, or sends data to, besides its own (the Content-Security-Policy allows them). */
  scripts?: readonly string[];
  connects?: readonly string[];
  images?: readonly string[];
}

const months = (count: number): Period => ({ unit: 'months', count });
const untilDeleted: Lifetime = { unit: 'untilDeleted' };

/** What the site itself keeps in the browser: strictly necessary, or the visitor's own choice of a setting. */
export const siteService = {
  id: 'site',
  purpose: null,
  category: 'necessary',
  name: company.shortName,
  operator: null,
  entries: [
    { name: consentStorageKey, kind: 'localStorage', lifetime: untilDeleted, purpose: 'consent' },
    { name: languageStorageKey, kind: 'localStorage', lifetime: untilDeleted, purpose: 'language' },
    {
      name: languageCookieName,
      kind: 'cookie',
      lifetime: { unit: 'days', count: languageCookieMaxAgeDays },
      purpose: 'languageCookie',
    },
    {
      name: languageMenuFocusKey,
      kind: 'sessionStorage',
      lifetime: { unit: 'untilTabClosed' },
      purpose: 'languageMenuFocus',
    },
    { name: themeStorageKey, kind: 'localStorage', lifetime: untilDeleted, purpose: 'theme' },
    { name: newsletterFlags.subscribed, kind: 'localStorage', lifetime: untilDeleted, purpose: 'newsletterSubscribed' },
    { name: newsletterFlags.hidden, kind: 'localStorage', lifetime: untilDeleted, purpose: 'newsletterHidden' },
  ],
} as const satisfies SiteService;

// Matomo's defaults (https://matomo.org/faq/general/faq_146/); `*` is the site id and a hash of the domain.
const matomoCookies: readonly BrowserEntry[] = [
  { name: '_pk_id.*', kind: 'cookie', lifetime: months(13), purpose: 'visitorId' },
  { name: '_pk_ref.*', kind: 'cookie', lifetime: months(6), purpose: 'referrer' },
  { name: '_pk_ses.*', kind: 'cookie', lifetime: { unit: 'minutes', count: 30 }, purpose: 'visit' },
];

/** ANALYTICS_PROVIDER's values: which service ANALYTICS_SCRIPT_URL loads. */
export const analyticsProviders = ['matomo', 'matomo-cloud', 'plausible', 'google'] as const;
export type AnalyticsProvider = (typeof analyticsProviders)[number];

/** The analytics service of each ANALYTICS_PROVIDER; at most one is configured. */
export const analyticsServices: Readonly<Record<AnalyticsProvider, SiteService>> = {
  matomo: {
    id: 'matomo',
    purpose: 'matomo',
    category: 'analytics',
    name: 'Matomo',
    operator: null,
    entries: matomoCookies,
  },
  'matomo-cloud': {
    id: 'matomo-cloud',
    purpose: 'matomo',
    category: 'analytics',
    name: 'Matomo Cloud',
    operator: {
      name: 'InnoCraft Ltd',
      city: 'Wellington',
      country: 'NZ',
      transfer: { country: 'NZ', basis: 'adequacy' },
    },
    entries: matomoCookies,
  },
  // Plausible sets no cookies and stores nothing in the browser (https://plausible.io/data-policy).
  plausible: {
    id: 'plausible',
    purpose: 'plausible',
    category: 'analytics',
    name: 'Plausible Analytics',
    operator: { name: 'Plausible Insights OÜ', city: 'Tartu', country: 'EE' },
    entries: [],
  },
  // GA4's cookies (https://support.google.com/analytics/answer/11397207) and its CSP origins
  // (https://developers.google.com/tag-platform/security/guides/csp); Google LLC in the USA processes the data too.
  google: {
    id: 'google',
    purpose: 'google',
    category: 'analytics',
    name: 'Google Analytics',
    operator: {
      name: 'Google Ireland Limited',
      city: 'Dublin',
      country: 'IE',
      transfer: { country: 'US', basis: 'dataPrivacyFramework' },
    },
    entries: [
      { name: '_ga', kind: 'cookie', lifetime: { unit: 'years', count: 2 }, purpose: 'visitorId' },
      { name: '_ga_*', kind: 'cookie', lifetime: { unit: 'years', count: 2 }, purpose: 'visit' },
    ],
    scripts: ['https://*.googletagmanager.com'],
    connects: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    images: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  },
};

/** NEWSLETTER_PROVIDER's values: the e-mail marketing tool confirmed subscribers are handed to. */
export const newsletterProviders = ['brevo', 'mailchimp', 'listmonk'] as const;
export type NewsletterProvider = (typeof newsletterProviders)[number];

/**
 * NEWSLETTER_TRACKING's values: what the tool records when a newsletter is opened or a link in
 * it clicked. `individual`: per subscriber; `anonymous`: counted for the whole mailing, linked
 * to no one; `off`: nothing (no tracking pixel, no redirected links).
 */
export const newsletterTrackings = ['individual', 'anonymous', 'off'] as const;
export type NewsletterTracking = (typeof newsletterTrackings)[number];

export interface NewsletterRecipient {
  name: string;
  operator: Operator | null;
  /**
   * What the site lets NEWSLETTER_TRACKING say the tool is set to record (required with a
   * provider; the texts follow it). None of the three lets the contact or list API switch tracking
   * off; it is a setting of the account or of each campaign
   * (docs/decisions/0019-texts-that-follow-the-settings.md). `individual` is offered only where a
   * subscriber's refusal can be honoured per contact: the sync hands their choice to the tool
   * (`trackingConsent`), and the tool's campaigns record opens and clicks only of those who agreed
   * (docs/decisions/0052-tracking-consent-of-its-own.md).
   */
  tracking: readonly [NewsletterTracking, ...NewsletterTracking[]];
  /** How the sync hands a subscriber's tracking choice to the tool; null where it cannot be honoured per contact. */
  trackingConsent: 'tag' | null;
}

/** Who receives the subscribers of each NEWSLETTER_PROVIDER (listmonk is software we run ourselves). */
export const newsletterRecipients: Readonly<Record<NewsletterProvider, NewsletterRecipient>> = {
  // Brevo tracks opens and clicks per contact unless "anonymous email tracking" is on (Campaigns > Settings >
  // Tracking), for the whole account: a refusal cannot be honoured per contact, so only anonymous is offered.
  brevo: {
    name: 'Brevo',
    operator: { name: 'Sendinblue SAS', city: 'Paris', country: 'FR' },
    tracking: ['anonymous'],
    trackingConsent: null,
  },
  // Mailchimp tracks opens and clicks per member unless a campaign turns them off (settings.tracking): the sync
  // tags the members who agreed, and only campaigns sent to that tag track (docs/operator-checklist.md).
  mailchimp: {
    name: 'Mailchimp',
    operator: {
      name: 'The Rocket Science Group LLC',
      city: 'Atlanta',
      country: 'US',
      transfer: { country: 'US', basis: 'dataPrivacyFramework' },
    },
    tracking: ['individual', 'off'],
    trackingConsent: 'tag',
  },
  // listmonk counts views and clicks without the subscriber unless privacy.individual_tracking is on, for every
  // campaign; privacy.disable_tracking stops both. The sync cannot mark an existing subscriber, so no individual.
  listmonk: { name: 'listmonk', operator: null, tracking: ['anonymous', 'off'], trackingConsent: null },
};

/** What the newsletter of a configuration records: nothing without a provider; unset, the first it offers. */
export function newsletterTrackingOf(
  provider: NewsletterProvider | null,
  setting: NewsletterTracking | null = null,
): NewsletterTracking {
  if (!provider) return 'off';
  return setting ?? newsletterRecipients[provider].tracking[0];
}

/**
 * Where an applicant for an advertised position applies when JOBS_FEED_URL is set: "Apply now"
 * leads to the position's form at Personio, and Personio keeps the applications for the company,
 * as its processor (Art. 28 GDPR), in the EU. The privacy policy, the application process page
 * and the contact page name it then (served setting `jobs-source`). Its legal entity and seat as
 * Personio's legal notice gives them: compare them with the signed data-processing agreement
 * (docs/operator-checklist.md).
 */
export const applicationRecipient = {
  name: 'Personio',
  operator: {
    name: 'Personio SE & Co. KG',
    // eslint-disable-next-line no-restricted-syntax -- the city's name in each language, as a dictionary gives it
    city: { de: 'München', en: 'Munich', fr: 'Munich' },
    country: 'DE',
  },
} as const satisfies { name: string; operator: Operator };

/**
 * The social networks the site links to (company.social), where the company keeps a profile.
 * For the statistics a network gives about the profile's visitors, the company and the network
 * are joint controllers (Art. 26 GDPR; CJEU C-210/16); `jointControllerTerms` is the network's
 * agreement for it, null where the network offers none (then the company uses no statistics there).
 * Operators as each network's privacy policy names them for the EU; keep them current.
 */
export const socialNetworks = {
  linkedin: {
    name: 'LinkedIn',
    operator: { name: 'LinkedIn Ireland Unlimited Company', city: 'Dublin', country: 'IE' },
    jointControllerTerms: 'https://legal.linkedin.com/pages-joint-controller-addendum',
  },
  instagram: {
    name: 'Instagram',
    operator: { name: 'Meta Platforms Ireland Limited', city: 'Dublin', country: 'IE' },
    jointControllerTerms: 'https://www.facebook.com/legal/terms/page_controller_addendum',
  },
  x: {
    name: 'X',
    operator: { name: 'Twitter International Unlimited Company', city: 'Dublin', country: 'IE' },
    jointControllerTerms: null,
  },
} as const satisfies Record<
  keyof typeof company.social,
  { name: string; operator: Operator; jointControllerTerms: string | null }
>;

/** The optional services the running site uses: the analytics of ANALYTICS_PROVIDER, if any. */
export function configuredServices(analytics: AnalyticsProvider | null): SiteService[] {
  return analytics ? [analyticsServices[analytics]] : [];
}

/** The services of a category, for the texts; the site's own entries under necessary. */
export function servicesIn(category: ConsentCategory, analytics: AnalyticsProvider | null): SiteService[] {
  return [siteService, ...configuredServices(analytics)].filter((service) => service.category === category);
}

/** A pattern for an entry's name, `*` matching any part. */
export function entryPattern(name: string): RegExp {
  const escaped = name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/** Whether a service recognises returning visitors (an id kept in the browser), so that it builds a profile of their visits. */
export function recognisesVisitors(service: SiteService): boolean {
  return service.entries.some((entry) => entry.purpose === 'visitorId');
}

export function isAnalyticsProvider(value: unknown): value is AnalyticsProvider {
  return typeof value === 'string' && (analyticsProviders as readonly string[]).includes(value);
}
