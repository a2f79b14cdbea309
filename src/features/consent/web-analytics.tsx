import { useSyncExternalStore } from 'react';
import { analyticsScriptPlaceholder } from '../../../common/page-placeholders';
import { ConsentScript } from './consent-gate';

/**
 * Cookies a self-hosted analytics script may set on this site: Matomo's `_pk_*`
 * (Plausible sets none). Deleted whenever analytics is not granted.
 */
export const analyticsCookies: readonly RegExp[] = [/^_pk_/];

const noSubscription = () => () => {};

function analyticsScriptUrl(value: string | null): URL | null {
  if (!value || value === analyticsScriptPlaceholder) return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The site's host name, which Plausible expects as `data-domain`. */
function siteHost(): string {
  try {
    return new URL(document.documentElement.dataset.siteUrl ?? '').hostname;
  } catch {
    return window.location.hostname;
  }
}

/**
 * Web analytics (Plausible or Matomo Tag Manager style: one script URL), loaded
 * only once analytics is granted. Without ANALYTICS_SCRIPT_URL nothing loads and
 * the analytics choice is simply stored.
 */
export function WebAnalytics() {
  const value = useSyncExternalStore(
    noSubscription,
    () => document.documentElement.dataset.analyticsSrc ?? null,
    () => null,
  );
  const integrity = useSyncExternalStore(
    noSubscription,
    () => document.documentElement.dataset.analyticsIntegrity ?? null,
    () => null,
  );
  const url = analyticsScriptUrl(value);
  if (!url) return null;
  // With an integrity, the browser runs the script only if it matches; a CORS request tells it the bytes.
  const attributes = { 'data-domain': siteHost(), ...(integrity ? { integrity, crossorigin: 'anonymous' } : {}) };
  return <ConsentScript category="analytics" src={url.href} attributes={attributes} cookies={analyticsCookies} />;
}
