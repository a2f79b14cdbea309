import { escapeHtml } from './escape-html.ts';
import type { JobsSource } from './jobs.ts';
import { keepServedAlternatives } from './served-settings.ts';
import {
  configuredServices,
  newsletterTrackingOf,
  type AnalyticsProvider,
  type NewsletterProvider,
  type NewsletterTracking,
} from './services.ts';

/**
 * Tokens the prerenderer leaves in every page where a value belongs that is
 * known only when the server runs; the server fills them in when it loads the
 * pages (server/documents/page-store.ts), so one build serves any address, any
 * analytics setting and any year.
 */

/** The public base address (SITE_URL): canonical links, hreflang, JSON-LD, `<html data-site-url>`. */
export const siteUrlPlaceholder = '__SITE_URL__';

/**
 * ANALYTICS_SCRIPT_URL in `<html data-analytics-src>` (dropped when the setting is empty); the
 * server writes the served settings (common/served-settings.ts) and the optional services in use there too.
 */
export const analyticsScriptPlaceholder = '__ANALYTICS_SCRIPT_URL__';
export const analyticsAttribute = ` data-analytics-src="${analyticsScriptPlaceholder}"`;

/** The current year, in the footer's copyright line (docs/product.md#layout). */
export const currentYearPlaceholder = '__CURRENT_YEAR__';

/** What the running server puts into every page. */
export interface PageSettings {
  siteUrl: string;
  analytics?: { provider: AnalyticsProvider; scriptUrl: string; integrity: string | null } | null;
  newsletterProvider?: NewsletterProvider | null;
  /** NEWSLETTER_TRACKING; unset: the provider's default. */
  newsletterTracking?: NewsletterTracking | null;
  /** `personio` with JOBS_FEED_URL; unset: the built-in jobs. */
  jobsSource?: JobsSource | null;
}

/** Where the page lists the optional services in use (ids, space-separated): a stored choice counts only for them. */
export const consentServicesAttribute = 'data-consent-services';

/** The services and settings as `<html>` attributes, read by the head script and the islands. */
function htmlAttributes({ analytics, newsletterProvider, newsletterTracking, jobsSource }: PageSettings): string {
  const attributes: Record<string, string | null> = {
    'data-analytics-src': analytics?.scriptUrl ?? null,
    'data-analytics-integrity': analytics?.integrity ?? null,
    'data-analytics-provider': analytics?.provider ?? 'none',
    'data-newsletter-provider': newsletterProvider ?? 'none',
    'data-newsletter-tracking': newsletterTrackingOf(newsletterProvider ?? null, newsletterTracking),
    'data-jobs-source': jobsSource ?? 'built-in',
    [consentServicesAttribute]: configuredServices(analytics?.provider ?? null)
      .map((service) => service.id)
      .join(' '),
  };
  return Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
}

/**
 * Fills in what a page needs from the running server: SITE_URL, the analytics
 * script and the services in use (as attributes of `<html>`), the alternatives
 * its settings choose, and the year.
 */
export function fillPagePlaceholders(html: string, settings: PageSettings & { year: number }): string {
  const chosen = {
    'analytics-provider': settings.analytics?.provider ?? 'none',
    'newsletter-provider': settings.newsletterProvider ?? 'none',
    'newsletter-tracking': newsletterTrackingOf(settings.newsletterProvider ?? null, settings.newsletterTracking),
    'jobs-source': settings.jobsSource ?? 'built-in',
  } as const;
  // Replacer functions: a replacement string would expand `$&` and the like in a setting.
  return keepServedAlternatives(
    html.replace(analyticsAttribute, () => htmlAttributes(settings)),
    chosen,
  )
    .replaceAll(siteUrlPlaceholder, () => settings.siteUrl)
    .replaceAll(currentYearPlaceholder, () => String(settings.year));
}
