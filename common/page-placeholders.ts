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

/** What the running server puts into every page. */
export interface PageSettings {
  siteUrl: string;
  analyticsScriptUrl?: string | null;
  /** Subresource Integrity of the analytics script (ANALYTICS_SCRIPT_INTEGRITY). */
  analyticsScriptIntegrity?: string | null;
}

/** Fills in what a page needs from the running server: SITE_URL, the analytics script (or no analytics attribute at all) and the year. */
export function fillPagePlaceholders(html: string, { siteUrl, analyticsScriptUrl, analyticsScriptIntegrity, year }: PageSettings & { year: number }): string {
  const integrity = analyticsScriptIntegrity ? ` data-analytics-integrity="${escapeHtml(analyticsScriptIntegrity)}"` : '';
  const analytics = analyticsScriptUrl ? ` data-analytics-src="${escapeHtml(analyticsScriptUrl)}"${integrity}` : '';
  return html
    .replace(analyticsAttribute, analytics)
    .replaceAll(siteUrlPlaceholder, siteUrl)
    .replaceAll(currentYearPlaceholder, String(year));
}
