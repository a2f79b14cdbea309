import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsServices, type AnalyticsProvider } from '../../../common/services';
import { analyticsScriptPlaceholder } from '../../../common/page-placeholders';
import { renderWithProviders } from '../../test/render';
import { consentStorageKey, consentVersion } from './consent-preferences';
import { ConsentGate, ConsentScript } from './consent-gate';
import { reloadPage } from './reload-page';
import { ConsentProvider, useConsent } from './use-consent';
import { WebAnalytics } from './web-analytics';

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));

function Controls() {
  const { acceptAll, rejectAll, save } = useConsent();
  return (
    <>
      <button type="button" onClick={acceptAll}>
        grant
      </button>
      <button type="button" onClick={rejectAll}>
        withdraw
      </button>
      <button
        type="button"
        onClick={() => save({ necessary: true, preferences: false, analytics: true, marketing: true })}
      >
        grant analytics and marketing
      </button>
    </>
  );
}

const renderWith = (ui: React.ReactNode) =>
  renderWithProviders(
    <ConsentProvider>
      <Controls />
      {ui}
    </ConsentProvider>,
  );

const scripts = () => document.head.querySelectorAll<HTMLScriptElement>('script[data-consent-category]');
const root = document.documentElement;

/** The page as the server fills it for ANALYTICS_PROVIDER and ANALYTICS_SCRIPT_URL. */
function serve(provider: AnalyticsProvider, src: string) {
  root.dataset.analyticsSrc = src;
  root.dataset.analyticsProvider = provider;
  root.dataset.consentServices = provider;
  root.dataset.siteUrl = 'https://www.westbridge.example';
}

const store = (analytics: boolean, services: string[] = []) =>
  localStorage.setItem(
    consentStorageKey,
    JSON.stringify({
      necessary: true,
      preferences: false,
      analytics,
      marketing: false,
      timestamp: new Date().toISOString(),
      version: consentVersion,
      services,
    }),
  );

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"success":true}'));
});

afterEach(() => {
  vi.mocked(reloadPage).mockClear();
  vi.restoreAllMocks();
  for (const name of ['data-analytics-src', 'data-analytics-provider', 'data-consent-services', 'data-site-url'])
    root.removeAttribute(name);
  delete window.dataLayer;
  document.head.querySelectorAll('script[data-consent-category]').forEach((script) => script.remove());
});

describe('ConsentGate', () => {
  it('shows its content only while the category is granted', async () => {
    const user = userEvent.setup();
    renderWith(
      <ConsentGate category="marketing" fallback={<p>Map needs marketing consent</p>}>
        <p>Embedded map</p>
      </ConsentGate>,
    );
    expect(screen.queryByText('Embedded map')).not.toBeInTheDocument();
    expect(screen.getByText('Map needs marketing consent')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'grant' }));
    expect(screen.getByText('Embedded map')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'withdraw' }));
    expect(screen.queryByText('Embedded map')).not.toBeInTheDocument();
  });
});

describe('ConsentScript', () => {
  const widget = (
    <ConsentScript
      category="analytics"
      src="https://stats.example.net/script.js"
      attributes={{ 'data-domain': 'westbridge.example' }}
      entries={[
        { name: '_pk_id.*', kind: 'cookie', lifetime: { unit: 'months', count: 13 }, purpose: 'visitorId' },
        { name: 'stats_*', kind: 'localStorage', lifetime: { unit: 'untilDeleted' }, purpose: 'visit' },
      ]}
    />
  );

  it('adds nothing before consent, and the script once it is granted', async () => {
    const user = userEvent.setup();
    renderWith(widget);
    expect(scripts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'grant' }));
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]).toHaveAttribute('src', 'https://stats.example.net/script.js');
    expect(scripts()[0]).toHaveAttribute('data-domain', 'westbridge.example');
    expect(scripts()[0]?.async).toBe(true);
  });

  it('adds the script at once for a stored grant', () => {
    store(true);
    renderWith(widget);
    expect(scripts()).toHaveLength(1);
  });

  it('on withdrawal removes the script and what it kept in the browser, and reloads so none of its code keeps running', async () => {
    const user = userEvent.setup();
    renderWith(widget);
    await user.click(screen.getByRole('button', { name: 'withdraw' }));
    expect(reloadPage).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'grant' }));
    const [script] = scripts();
    document.cookie = '_pk_id.1.abcd=visitor; path=/';
    document.cookie = 'i18next=en; path=/';
    localStorage.setItem('stats_visits', '3');
    localStorage.setItem('theme', 'dark');
    await user.click(screen.getByRole('button', { name: 'withdraw' }));
    expect(script?.isConnected).toBe(false);
    expect(scripts()).toHaveLength(0);
    expect(document.cookie).toBe('i18next=en');
    expect(localStorage.getItem('stats_visits')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('deletes leftovers of a category that is not granted, such as after an expired choice', () => {
    document.cookie = '_pk_ses.1.abcd=1; path=/';
    document.cookie = '_pk_id.1.abcd=1; path=/';
    renderWith(widget);
    expect(document.cookie).toBe('_pk_ses.1.abcd=1');
  });
});

describe('WebAnalytics', () => {
  it('loads Plausible after consent, with the site host as data-domain', async () => {
    const user = userEvent.setup();
    serve('plausible', 'https://plausible.io/js/script.js');
    renderWith(<WebAnalytics />);
    expect(scripts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'grant' }));
    expect(scripts()[0]).toHaveAttribute('src', 'https://plausible.io/js/script.js');
    expect(scripts()[0]).toHaveAttribute('data-domain', 'www.westbridge.example');
  });

  it.each(['matomo', 'matomo-cloud', 'google'] as const)(
    'removes the cookies the registry lists for %s when analytics is withdrawn, and no others',
    async (provider) => {
      const user = userEvent.setup();
      serve(provider, 'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF');
      store(true, [provider]);
      renderWith(<WebAnalytics />);
      expect(scripts()).toHaveLength(1);
      expect(scripts()[0]).not.toHaveAttribute('data-domain');
      const set = { matomo: ['_pk_id.3.9f2c', '_pk_ref.3.9f2c', '_pk_ses.3.9f2c'], google: ['_ga', '_ga_AB12CD34EF'] };
      const names = provider === 'google' ? set.google : set.matomo;
      expect(analyticsServices[provider].entries.map((entry) => entry.name)).toHaveLength(names.length);
      for (const name of [...names, 'i18next', '_gid']) document.cookie = `${name}=1; path=/`;
      await user.click(screen.getByRole('button', { name: 'withdraw' }));
      expect(document.cookie.split('; ').sort()).toEqual(['_gid=1', 'i18next=1']);
      expect(reloadPage).toHaveBeenCalledOnce();
    },
  );

  it('sends Google Consent Mode v2 signals: all denied by default before the tag, then each change of the choice', async () => {
    const user = userEvent.setup();
    serve('google', 'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF');
    renderWith(<WebAnalytics />);
    await user.click(screen.getByRole('button', { name: 'withdraw' }));
    expect(window.dataLayer).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'grant analytics and marketing' }));
    const commands = (window.dataLayer ?? []).map((entry) => [...(entry as IArguments)]);
    const denied = {
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    };
    const analyticsOnly = { ...denied, analytics_storage: 'granted' };
    expect(commands).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', analyticsOnly],
      ['js', expect.any(Date)],
      ['config', 'G-AB12CD34EF', { allow_google_signals: false, allow_ad_personalization_signals: false }],
    ]);
    expect(scripts()[0]).toHaveAttribute('src', 'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF');

    await user.click(screen.getByRole('button', { name: 'withdraw' }));
    expect([...((window.dataLayer ?? []).at(-1) as IArguments)]).toEqual(['consent', 'update', denied]);
  });

  it('loads nothing without a script, or with a placeholder never filled in', async () => {
    const user = userEvent.setup();
    renderWith(<WebAnalytics />);
    await user.click(screen.getByRole('button', { name: 'grant' }));
    expect(scripts()).toHaveLength(0);
    serve('matomo', analyticsScriptPlaceholder);
    renderWith(<WebAnalytics />);
    expect(scripts()).toHaveLength(0);
  });
});
