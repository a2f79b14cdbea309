import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageHref } from '../../../common/page-urls';
import { languageCodes } from '../../../common/languages';
import { renderWithProviders, textsOf } from '../../test/render';
import { consentDecidedClass } from './consent-boot-script';
import { consentStorageKey, consentVersion } from './consent-preferences';
import { CookieBanner } from './cookie-banner';
import { CookieSettingsButton } from './cookie-settings-button';
import { CookieSettingsDialog } from './cookie-settings-dialog';
import { ConsentProvider, useConsent } from './use-consent';

/** The banner's and the settings' words in English, from the consent locale file. */
const t = textsOf('en');
const c = {
  title: t(($) => $.banner.title, { ns: 'consent' }),
  settings: t(($) => $.settings.title, { ns: 'consent' }),
  open: t(($) => $.settings.open, { ns: 'consent' }),
  rejectAll: t(($) => $.banner.rejectAll, { ns: 'consent' }),
  customize: t(($) => $.banner.customize, { ns: 'consent' }),
  acceptAll: t(($) => $.banner.acceptAll, { ns: 'consent' }),
  privacyLink: t(($) => $.banner.privacyLink, { ns: 'consent' }),
  save: t(($) => $.settings.save, { ns: 'consent' }),
  cancel: t(($) => $.settings.cancel, { ns: 'consent' }),
  close: t(($) => $.settings.close, { ns: 'consent' }),
};
const category = (id: 'necessary' | 'preferences' | 'analytics' | 'marketing') =>
  t(($) => $.categories[id].label, { ns: 'consent' });

function Status() {
  const { preferences, decided } = useConsent();
  return <output aria-label="status">{JSON.stringify({ ...preferences, decided })}</output>;
}

function renderSite() {
  const user = userEvent.setup();
  const result = renderWithProviders(
    <ConsentProvider>
      <CookieBanner />
      <main tabIndex={-1}>Page</main>
      <CookieSettingsButton />
      <CookieSettingsDialog />
      <Status />
    </ConsentProvider>,
  );
  return { user, ...result };
}

const banner = () => screen.queryByRole('region', { name: c.title });
const dialog = () => screen.queryByRole('dialog', { name: c.settings });
const getBanner = () => screen.getByRole('region', { name: c.title });
const getDialog = () => screen.getByRole('dialog', { name: c.settings });
const stored = () => JSON.parse(localStorage.getItem(consentStorageKey) ?? 'null') as Record<string, unknown> | null;
const status = () =>
  JSON.parse(screen.getByRole('status', { name: 'status' }).textContent ?? '{}') as Record<string, boolean>;
const store = (value: Record<string, unknown>) =>
  localStorage.setItem(
    consentStorageKey,
    JSON.stringify({
      necessary: true,
      timestamp: new Date().toISOString(),
      version: consentVersion,
      services: [],
      ...value,
    }),
  );

/** The records the page sends to the server, as the server reads them. */
let recorded: unknown[];

beforeEach(() => {
  // The page as the server fills it without optional services.
  document.documentElement.setAttribute('data-analytics-provider', 'none');
  recorded = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    if (url === '/api/consent') recorded.push(JSON.parse(String(init?.body)));
    return new Response('{"success":true}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('data-analytics-provider');
  document.documentElement.removeAttribute('data-consent-services');
});

describe('cookie banner', () => {
  it('offers Reject All, Customize and Accept All, in that order, while no choice is stored', () => {
    renderSite();
    expect(
      within(getBanner())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([c.rejectAll, c.customize, c.acceptAll]);
    expect(within(getBanner()).getByRole('link', { name: c.privacyLink })).toHaveAttribute(
      'href',
      pageHref('privacy', 'en'),
    );
    expect(status()).toEqual({
      necessary: true,
      preferences: false,
      analytics: false,
      marketing: false,
      decided: false,
    });
    expect(stored()).toBeNull();
  });

  it('Accept All grants every category, stores it with time and version, and hides the banner', async () => {
    const { user } = renderSite();
    await user.click(screen.getByRole('button', { name: c.acceptAll }));
    expect(banner()).not.toBeInTheDocument();
    expect(stored()).toEqual({
      necessary: true,
      preferences: true,
      analytics: true,
      marketing: true,
      timestamp: expect.any(String),
      version: consentVersion,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      services: [],
    });
    expect(Date.now() - Date.parse(String(stored()?.timestamp))).toBeLessThan(60_000);
    expect(status()).toMatchObject({ preferences: true, analytics: true, marketing: true, decided: true });
    expect(document.documentElement).toHaveClass(consentDecidedClass);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('Reject All refuses every category and hides the banner too (docs/contract.md#difference-1)', async () => {
    const { user } = renderSite();
    await user.click(screen.getByRole('button', { name: c.rejectAll }));
    expect(banner()).not.toBeInTheDocument();
    expect(stored()).toMatchObject({
      necessary: true,
      preferences: false,
      analytics: false,
      marketing: false,
      version: consentVersion,
    });
    expect(status()).toMatchObject({ analytics: false, decided: true });
  });

  it('stays hidden when a current choice is stored, and applies it', () => {
    store({ preferences: true, analytics: false, marketing: true });
    renderSite();
    expect(banner()).not.toBeInTheDocument();
    expect(status()).toEqual({ necessary: true, preferences: true, analytics: false, marketing: true, decided: true });
  });

  it('sends the server a record of each choice: its id, version, choices, services and time', async () => {
    document.documentElement.setAttribute('data-consent-services', 'matomo');
    const { user } = renderSite();
    await user.click(screen.getByRole('button', { name: c.rejectAll }));
    await vi.waitFor(() => expect(recorded).toHaveLength(1));
    const choice = stored();
    expect(recorded).toEqual([
      {
        id: choice?.id,
        version: consentVersion,
        choices: { preferences: false, analytics: false, marketing: false },
        services: ['matomo'],
        timestamp: choice?.timestamp,
      },
    ]);
    await user.click(screen.getByRole('button', { name: c.open }));
    await user.click(screen.getByRole('checkbox', { name: category('analytics') }));
    await user.click(screen.getByRole('button', { name: c.save }));
    await vi.waitFor(() => expect(recorded).toHaveLength(2));
    expect(recorded[1]).toMatchObject({ choices: { analytics: true } });
    expect((recorded[1] as { id: string }).id).not.toBe(choice?.id);
  });

  it('keeps the choice when the record cannot be sent, and only logs that', async () => {
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = renderSite();
    await user.click(screen.getByRole('button', { name: c.acceptAll }));
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Failed to record the cookie choice:', expect.any(TypeError)),
    );
    expect(stored()).toMatchObject({ analytics: true });
    expect(banner()).not.toBeInTheDocument();
  });

  it('logs unreadable stored preferences and keeps the defaults', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem(consentStorageKey, '{"analytics":tru');
    renderSite();
    expect(error).toHaveBeenCalledWith('Failed to parse cookie preferences');
    expect(banner()).toBeInTheDocument();
    expect(status()).toMatchObject({ analytics: false, decided: false });
  });

  it('follows a choice made in another tab', () => {
    renderSite();
    store({ analytics: true });
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: consentStorageKey }));
    });
    expect(banner()).not.toBeInTheDocument();
    expect(status()).toMatchObject({ analytics: true, decided: true });
  });
});

describe('cookie settings dialog', () => {
  it('lists necessary (on, disabled), preferences, analytics and marketing, each with a description', async () => {
    const { user } = renderSite();
    await user.click(screen.getByRole('button', { name: c.customize }));
    const boxes = within(getDialog()).getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      category('necessary'),
      category('preferences'),
      category('analytics'),
      category('marketing'),
    ]);
    expect(boxes[0]).toBeChecked();
    expect(boxes[0]).toBeDisabled();
    expect(boxes[0]).toHaveAccessibleDescription(/Always active.*cannot be switched off/);
    expect(boxes[2]).toHaveAccessibleDescription(/understand how the website is used/);
    expect(
      boxes.slice(1).every((box) => !(box as HTMLInputElement).checked && !(box as HTMLInputElement).disabled),
    ).toBe(true);
    expect(within(getDialog()).getByRole('button', { name: c.close })).toBeInTheDocument();
  });

  it('shows the visitor the id their choice was recorded under, once there is one', async () => {
    const { user } = renderSite();
    await user.click(screen.getByRole('button', { name: c.customize }));
    expect(within(getDialog()).queryByText(/Your consent ID/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: c.save }));
    await user.click(screen.getByRole('button', { name: c.open }));
    const id = String(stored()?.id);
    expect(within(getDialog()).getByText(id)).toBeInTheDocument();
    expect(getDialog()).toHaveTextContent(
      `Your consent ID: ${id}. We keep your choice as proof under this random ID for 3 years`,
    );
  });

  it('Reject all in the settings withdraws every optional category in one step, and closes', async () => {
    const { user } = renderSite();
    await user.click(screen.getByRole('button', { name: c.acceptAll }));
    await user.click(screen.getByRole('button', { name: c.open }));
    await user.click(
      within(getDialog()).getByRole('button', { name: t(($) => $.settings.rejectAll, { ns: 'consent' }) }),
    );
    expect(dialog()).not.toBeInTheDocument();
    expect(stored()).toMatchObject({ necessary: true, preferences: false, analytics: false, marketing: false });
  });

  it('Save Preferences applies and stores the edited copy, and closes', async () => {
    const { user } = renderSite();
    await user.click(screen.getByRole('button', { name: c.customize }));
    await user.click(screen.getByRole('checkbox', { name: category('analytics') }));
    expect(stored()).toBeNull();
    expect(status()).toMatchObject({ analytics: false });
    await user.click(screen.getByRole('button', { name: c.save }));
    expect(dialog()).not.toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();
    expect(stored()).toMatchObject({
      necessary: true,
      preferences: false,
      analytics: true,
      marketing: false,
      version: consentVersion,
    });
    expect(status()).toMatchObject({ analytics: true, decided: true });
  });

  for (const [how, dismiss] of [
    [
      'Cancel',
      async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: c.cancel })),
    ],
    [
      'Close',
      async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: c.close })),
    ],
    // The browser turns Escape into a cancel event on the modal dialog.
    ['Escape', async () => act(() => void fireEvent(getDialog(), new Event('cancel', { cancelable: true })))],
  ] as const) {
    it(`${how} discards the edits and stores nothing`, async () => {
      const { user } = renderSite();
      await user.click(screen.getByRole('button', { name: c.customize }));
      await user.click(screen.getByRole('checkbox', { name: category('marketing') }));
      await dismiss(user);
      expect(dialog()).not.toBeInTheDocument();
      expect(stored()).toBeNull();
      expect(banner()).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: c.customize }));
      expect(screen.getByRole('checkbox', { name: category('marketing') })).not.toBeChecked();
    });
  }

  it('reopens from the footer button with the current choice, and returns focus to it', async () => {
    store({ analytics: true });
    const { user } = renderSite();
    const footerButton = screen.getByRole('button', { name: c.open });
    await user.click(footerButton);
    expect(screen.getByRole('checkbox', { name: category('analytics') })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: category('preferences') })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: category('analytics') }));
    await user.click(screen.getByRole('button', { name: c.save }));
    expect(stored()).toMatchObject({ analytics: false });
    expect(status()).toMatchObject({ analytics: false, decided: true });
    expect(footerButton).toHaveFocus();
  });

  it('moves focus to the page when the banner that opened it goes away', async () => {
    const { user } = renderSite();
    await user.click(screen.getByRole('button', { name: c.customize }));
    await user.click(screen.getByRole('button', { name: c.save }));
    expect(banner()).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it.each(languageCodes)('speaks the page’s language, %s', async (lng) => {
    const own = textsOf(lng);
    const user = userEvent.setup();
    renderWithProviders(
      <ConsentProvider>
        <CookieBanner />
        <CookieSettingsDialog />
      </ConsentProvider>,
      { lng },
    );
    expect(screen.getByRole('button', { name: own(($) => $.banner.rejectAll, { ns: 'consent' }) })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: own(($) => $.banner.customize, { ns: 'consent' }) }));
    expect(screen.getByRole('dialog', { name: own(($) => $.settings.title, { ns: 'consent' }) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: own(($) => $.settings.save, { ns: 'consent' }) })).toBeInTheDocument();
  });
});
