import { useEffect, useSyncExternalStore } from 'react';
import { analyticsScriptPlaceholder } from '../../../common/page-placeholders';
import { analyticsServices, type AnalyticsProvider } from '../../../common/services';
import { useServedSetting } from '../../hooks/use-served-setting';
import { ConsentScript } from './consent-gate';
import { startGoogleTag, updateGoogleConsent } from './google-consent-mode';
import { useConsent } from './use-consent';

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

const useHtmlData = (name: 'analyticsSrc' | 'analyticsIntegrity') =>
  useSyncExternalStore(
    noSubscription,
    () => document.documentElement.dataset[name] ?? null,
    () => null,
  );

/**
 * The web analytics of ANALYTICS_SCRIPT_URL and ANALYTICS_PROVIDER, loaded
 * only once analytics is granted; withdrawing it deletes what the registry
 * says the service keeps in the browser. Google's tag gets Consent Mode
 * signals: all denied by default, then each change of the choice.
 */
export function WebAnalytics() {
  const url = analyticsScriptUrl(useHtmlData('analyticsSrc'));
  const integrity = useHtmlData('analyticsIntegrity');
  const provider = useServedSetting('analytics-provider');
  const { loaded, decided, preferences } = useConsent();
  const google = provider === 'google';

  useEffect(() => {
    if (google && loaded && decided) updateGoogleConsent(preferences);
  }, [google, loaded, decided, preferences]);

  if (!url || provider === null || provider === 'none') return null;
  return <AnalyticsScript provider={provider} url={url} integrity={integrity} analytics={preferences.analytics} />;
}

function AnalyticsScript({
  provider,
  url,
  integrity,
  analytics,
}: {
  provider: AnalyticsProvider;
  url: URL;
  integrity: string | null;
  analytics: boolean;
}) {
  const attributes = {
    ...(provider === 'plausible' ? { 'data-domain': siteHost() } : {}),
    // With an integrity, the browser runs the script only if it matches; a CORS request tells it the bytes.
    ...(integrity ? { integrity, crossorigin: 'anonymous' } : {}),
  };
  const measurementId = url.searchParams.get('id');
  const beforeLoad =
    provider === 'google' && measurementId ? () => startGoogleTag(measurementId, { analytics }) : undefined;
  return (
    <ConsentScript
      category="analytics"
      src={url.href}
      attributes={attributes}
      entries={analyticsServices[provider].entries}
      beforeLoad={beforeLoad}
    />
  );
}
