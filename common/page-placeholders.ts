import { escapeHtml } from './escape-html.ts';

/**
 * Tokens the prerenderer leaves in every page where a value belongs that is
 * known only when the server runs; the server fills them in when it loads the
 * pages (server/pages/page-store.ts), so one build serves any address, any
 * analytics setting and any year.
 */

/** The public base address (SITE_URL): canonical links, hreflang, JSON-LD, `<html data-site-url>`. */
export const siteUrlPlaceholder = '__SITE_URL__';

/** ANALYTICS_SCRIPT_URL in `<html data-analytics-src>`; the attribute is dropped when the setting is empty. */
export const analyticsScriptPlaceholder = '__ANALYTICS_SCRIPT_URL__';
export const analyticsAttribute = ` data-analytics-src="${analyticsScriptPlaceholder}"`;

/** The current year, in the footer's copyright line (SPEC 2). */
export const currentYearPlaceholder = '__CURRENT_YEAR__';

/** Fills in what a page needs from the running server: SITE_URL, ANALYTICS_SCRIPT_URL (or no analytics attribute at all) and the year. */
export function fillPagePlaceholders(html: string, siteUrl: string, analyticsScriptUrl: string | null, year: number): string {
  const analytics = analyticsScriptUrl ? ` data-analytics-src="${escapeHtml(analyticsScriptUrl)}"` : '';
  return html
    .replace(analyticsAttribute, analytics)
    .replaceAll(siteUrlPlaceholder, siteUrl)
    .replaceAll(currentYearPlaceholder, String(year));
}
