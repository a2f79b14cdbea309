import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsScriptPlaceholder } from '../../../common/page-placeholders';
import { renderWithProviders } from '../../test/render';
import { consentStorageKey, consentVersion } from './consent-preferences';
import { ConsentGate, ConsentScript } from './consent-gate';
import { reloadPage } from './reload-page';
import { ConsentProvider, useConsent } from './use-consent';
import { WebAnalytics } from './web-analytics';

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));

function Controls() {
  const { acceptAll, rejectAll } = useConsent();
  return (
    <>
      <button type="button" onClick={acceptAll}>
        grant
      </button>
      <button type="button" onClick={rejectAll}>
        withdraw
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
const store = (analytics: boolean) =>
  localStorage.setItem(
    consentStorageKey,
    JSON.stringify({ necessary: true, preferences: false, analytics, marketing: false, timestamp: new Date().toISOString(), version: consentVersion }),
  );

afterEach(() => {
  vi.mocked(reloadPage).mockClear();
  delete document.documentElement.dataset.analyticsSrc;
  delete document.documentElement.dataset.siteUrl;
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
  const widget = <ConsentScript category="analytics" src="https://stats.example.net/script.js" attributes={{ 'data-domain': 'westbridge.example' }} cookies={[/^_pk_/]} />;

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

  it('on withdrawal removes the script and its cookies, and reloads so none of its code keeps running', async () => {
    const user = userEvent.setup();
    renderWith(widget);
    await user.click(screen.getByRole('button', { name: 'withdraw' }));
    expect(reloadPage).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'grant' }));
    const [script] = scripts();
    document.cookie = '_pk_id.1.abcd=visitor; path=/';
    document.cookie = 'i18next=en; path=/';
    await user.click(screen.getByRole('button', { name: 'withdraw' }));
    expect(script?.isConnected).toBe(false);
    expect(scripts()).toHaveLength(0);
    expect(document.cookie).toBe('i18next=en');
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('deletes leftover cookies of a category that is not granted, such as after an expired choice', () => {
    document.cookie = '_pk_ses.1.abcd=1; path=/';
    renderWith(widget);
    expect(document.cookie).toBe('');
  });
});

describe('WebAnalytics', () => {
  it('loads ANALYTICS_SCRIPT_URL from the page, for the site host, after consent', async () => {
    const user = userEvent.setup();
    document.documentElement.dataset.analyticsSrc = 'https://stats.example.net/js/script.js';
    document.documentElement.dataset.siteUrl = 'https://www.westbridge.example';
    renderWith(<WebAnalytics />);
    expect(scripts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'grant' }));
    expect(scripts()[0]).toHaveAttribute('src', 'https://stats.example.net/js/script.js');
    expect(scripts()[0]).toHaveAttribute('data-domain', 'www.westbridge.example');
  });

  it('loads nothing when the setting is empty or was never filled in', async () => {
    const user = userEvent.setup();
    renderWith(<WebAnalytics />);
    await user.click(screen.getByRole('button', { name: 'grant' }));
    expect(scripts()).toHaveLength(0);
    document.documentElement.dataset.analyticsSrc = analyticsScriptPlaceholder;
    renderWith(<WebAnalytics />);
    expect(scripts()).toHaveLength(0);
  });
});
