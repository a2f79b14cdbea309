import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageCodes, type Language } from '../../common/languages';
import { retention, type Period } from '../../common/retention';
import {
  analyticsProviders,
  analyticsServices,
  consentCategories,
  newsletterProviders,
  newsletterRecipients,
  newsletterTrackingOf,
  newsletterTrackings,
  servicesIn,
  siteService,
  type AnalyticsProvider,
  type Lifetime,
  type NewsletterProvider,
  type NewsletterTracking,
} from '../../common/services';
import { createStaticI18n } from '../features/i18n/create-static-i18n';
import PrivacyPage from '../pages/privacy-page';
import { renderWithProviders } from '../test/render';
import { CookieBanner } from '../features/consent/cookie-banner';
import { CookieSettingsButton } from '../features/consent/cookie-settings-button';
import { CookieSettingsDialog } from '../features/consent/cookie-settings-dialog';
import { consentMaxAgeMonths } from '../features/consent/consent-preferences';
import { ConsentProvider } from '../features/consent/use-consent';
import { googleTagSettings, startGoogleTag } from '../features/consent/google-consent-mode';
import { NewsletterPopup } from '../features/newsletter/newsletter-popup';

/** Google's name for the setting, as the cookie settings word it in each language they were reviewed in. */
const googleSignalsWords: Partial<Record<Language, RegExp>> = {
  de: /Google[- ]Signal/,
  en: /Google signals/,
  fr: /signaux Google/,
};

/** § 7(2) no. 2 UWG as the policy cites it in each language it was reviewed in: a check of that wording. */
const uwgCitations: Partial<Record<Language, RegExp>> = {
  de: /§ 7 Abs\. 2 Nr\. 2 UWG/,
  en: /7\(2\) no\. 2/,
  fr: /7, paragraphe 2, point 2/,
};

/**
 * The banner, the settings and the privacy policy state exactly what the
 * services registry and the retention periods say, for every configuration
 * the server can have, in every language: every service in use by name with
 * each entry it keeps in the browser and its lifetime, no service that is not
 * in use, and no period that is not one of the code's.
 */

type Setup = {
  analytics: AnalyticsProvider | null;
  newsletter: NewsletterProvider | null;
  /** NEWSLETTER_TRACKING; the provider's default when absent. */
  tracking?: NewsletterTracking;
};
const setups: Setup[] = [
  { analytics: null, newsletter: null },
  ...analyticsProviders.map((analytics, index) => ({
    analytics,
    newsletter: newsletterProviders[index % newsletterProviders.length] ?? null,
  })),
];

/** Every newsletter configuration the server accepts: no provider, or a provider with each setting it has. */
const newsletterSetups: Setup[] = [
  { analytics: null, newsletter: null },
  ...newsletterProviders.flatMap((newsletter) =>
    newsletterRecipients[newsletter].tracking.map((tracking) => ({ analytics: null, newsletter, tracking })),
  ),
];

const trackingOf = ({ newsletter, tracking }: Setup) => newsletterTrackingOf(newsletter, tracking);

function serve(setup: Setup) {
  const root = document.documentElement;
  root.setAttribute('data-analytics-provider', setup.analytics ?? 'none');
  root.setAttribute('data-newsletter-provider', setup.newsletter ?? 'none');
  root.setAttribute('data-newsletter-tracking', trackingOf(setup));
  root.setAttribute('data-consent-services', setup.analytics ?? '');
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const name of [
    'data-analytics-provider',
    'data-newsletter-provider',
    'data-newsletter-tracking',
    'data-consent-services',
  ])
    document.documentElement.removeAttribute(name);
  delete window.dataLayer;
});

/** The registry's words in one language, made with the site's own translations. */
function wording(lng: Language) {
  const { t } = createStaticI18n(lng);
  const text = t as unknown as (key: string, options?: object) => string;
  const plural = (count: number) => (new Intl.PluralRules(lng).select(count) === 'one' ? 'one' : 'other');
  const period = ({ unit, count }: Period) => text(`consent:lifetime.${unit}.${plural(count)}`, { n: count });
  const lifetime = (value: Lifetime) => ('count' in value ? period(value) : text(`consent:lifetime.${value.unit}`));
  const units = ['minutes', 'hours', 'days', 'months', 'years'] as const;
  const unitWords = units.flatMap((unit) =>
    (['one', 'other'] as const).map((form) => text(`consent:lifetime.${unit}.${form}`, { n: 0 }).replace(/^0\s*/, '')),
  );
  // A number followed by one of those words, as a whole word: "180 Tage", "13 months", "3 ans".
  const durations = (content: string) =>
    new Set(
      content.match(new RegExp(`\\b\\d+[\\s\\u00a0](?:${[...new Set(unitWords)].join('|')})(?![\\p{L}])`, 'gu')) ?? [],
    );
  return {
    text,
    period,
    lifetime,
    durations,
    label: (category: string) => text(`consent:categories.${category}.label`),
    noService: text('consent:settings.noService'),
  };
}

const everyServiceName = [
  ...Object.values(analyticsServices).map((service) => service.name),
  ...Object.values(newsletterRecipients).map((recipient) => recipient.name),
];

/** Every registry service name the text mentions (the longest first, so "Matomo Cloud" is not also "Matomo"). */
function namesIn(content: string): string[] {
  let rest = content;
  const found: string[] = [];
  for (const name of [...new Set(everyServiceName)].sort((a, b) => b.length - a.length)) {
    if (!rest.includes(name)) continue;
    found.push(name);
    rest = rest.replaceAll(name, '');
  }
  return found.sort();
}

/** An element's text with its paragraphs and list items apart, as a reader sees them. */
const textOf = (element: Element | null) =>
  [...(element?.querySelectorAll('p, li, h2, h3') ?? [])].map((block) => block.textContent ?? '').join('\n');

const codes = (element: Element | null) =>
  [...new Set([...(element?.querySelectorAll('code') ?? [])].map((code) => code.textContent ?? ''))].sort();

const setupName = (setup: Setup) =>
  `analytics ${setup.analytics ?? 'none'}, newsletter ${setup.newsletter ?? 'none'} (tracking ${trackingOf(setup)})`;

for (const lng of languageCodes) {
  describe(`in ${lng}`, () => {
    const words = wording(lng);

    for (const setup of setups) {
      const analytics = setup.analytics ? analyticsServices[setup.analytics] : null;
      const inUse = analytics ? [analytics.name] : [];

      it(`the banner names exactly the optional services in use (${setupName(setup)})`, () => {
        serve(setup);
        renderWithProviders(
          <ConsentProvider>
            <CookieBanner />
          </ConsentProvider>,
          { lng },
        );
        const banner = screen.getByRole('region');
        const content = textOf(banner);
        expect(namesIn(content)).toEqual(inUse);
        if (analytics)
          expect(content).toContain(
            `${analytics.name} (${words.label(analytics.category)}) ${words.text(`consent:banner.purposes.${analytics.purpose}`)}`,
          );
        else expect(content).toContain(words.text('consent:banner.withoutServices'));
        expect(words.durations(content)).toEqual(new Set());
      });

      it(`the settings list each category's services with every entry and lifetime, and say so where there is none (${setupName(setup)})`, async () => {
        serve(setup);
        vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"success":true}'));
        const user = userEvent.setup();
        renderWithProviders(
          <ConsentProvider>
            <CookieBanner />
            <CookieSettingsButton />
            <CookieSettingsDialog />
          </ConsentProvider>,
          { lng },
        );
        await user.click(screen.getByRole('button', { name: words.text('consent:banner.rejectAll') }));
        await user.click(screen.getByRole('button', { name: words.text('consent:settings.open') }));
        const dialog = screen.getByRole('dialog');
        const shown: Lifetime[] = [];
        for (const category of consentCategories) {
          const row = within(dialog)
            .getByRole('checkbox', { name: words.label(category) })
            .closest('li');
          const entries = servicesIn(category, setup.analytics).flatMap((service) => service.entries);
          expect(codes(row), category).toEqual(entries.map((entry) => entry.name).sort());
          for (const entry of entries) {
            expect(row, entry.name).toHaveTextContent(
              `${entry.name} (${words.text(`consent:kinds.${entry.kind}`)}, ${words.lifetime(entry.lifetime)})`,
            );
            shown.push(entry.lifetime);
          }
          if (servicesIn(category, setup.analytics).length === 0) expect(row).toHaveTextContent(words.noService);
          else expect(row).not.toHaveTextContent(words.noService);
        }
        const content = textOf(dialog);
        expect(namesIn(content)).toEqual(inUse);
        const required = new Set([
          ...shown.flatMap((lifetime) => ('count' in lifetime ? [words.period(lifetime)] : [])),
          words.period(retention.consentRecords),
        ]);
        const allowed = new Set([...required, words.period({ unit: 'months', count: consentMaxAgeMonths })]);
        const stated = words.durations(content);
        expect([...required].filter((duration) => !stated.has(duration))).toEqual([]);
        expect([...stated].filter((duration) => !allowed.has(duration))).toEqual([]);
        expect(content).toContain(String(JSON.parse(localStorage.getItem('cookiePreferences') ?? '{}').id));
      });

      it(`the privacy policy states the registry's entries, the services in use and the retention periods, and nothing else (${setupName(setup)})`, () => {
        serve(setup);
        renderWithProviders(<PrivacyPage />, { lng, path: '/privacy' });
        const section = (id: string) => document.getElementById(id);
        const recipient = setup.newsletter ? newsletterRecipients[setup.newsletter] : null;

        expect(codes(section('browser-storage'))).toEqual(siteService.entries.map((entry) => entry.name).sort());
        for (const entry of siteService.entries) {
          expect(section('browser-storage')).toHaveTextContent(
            `${entry.name} (${words.text(`consent:kinds.${entry.kind}`)}, ${words.lifetime(entry.lifetime)})`,
          );
        }
        expect(codes(section('analytics'))).toEqual((analytics?.entries ?? []).map((entry) => entry.name).sort());
        for (const entry of analytics?.entries ?? [])
          expect(section('analytics')).toHaveTextContent(
            `${entry.name} (${words.text(`consent:kinds.${entry.kind}`)}, ${words.lifetime(entry.lifetime)})`,
          );
        expect(namesIn(section('analytics')?.textContent ?? '')).toEqual(inUse);
        expect(namesIn(section('newsletter')?.textContent ?? '')).toEqual(recipient ? [recipient.name] : []);
        expect(namesIn(document.body.textContent ?? '')).toEqual(
          [...inUse, ...(recipient ? [recipient.name] : [])].sort(),
        );

        const kinds = Object.keys(retention) as (keyof typeof retention)[];
        const required = new Set([
          ...kinds
            .filter((kind) => kind !== 'newsletterSyncs' || recipient)
            .map((kind) => words.period(retention[kind])),
          ...[...siteService.entries, ...(analytics?.entries ?? [])].flatMap((entry) =>
            'count' in entry.lifetime ? [words.period(entry.lifetime)] : [],
          ),
          words.period({ unit: 'months', count: consentMaxAgeMonths }),
        ]);
        const stated = words.durations(textOf(document.body));
        expect([...required].filter((duration) => !stated.has(duration))).toEqual([]);
        expect([...stated].filter((duration) => !required.has(duration))).toEqual([]);
        const retentionSection = words.durations(textOf(section('retention')));
        expect(
          kinds.filter(
            (kind) => (kind !== 'newsletterSyncs' || recipient) && !retentionSection.has(words.period(retention[kind])),
          ),
        ).toEqual([]);
      });
    }

    it('says where profiles of a visitor are built, and only there: with analytics that recognises visitors, and with per-subscriber newsletter tracking', () => {
      const profiles = (key: string, name = '') => words.text(`privacy:sections.controller.profiles.${key}`, { name });
      for (const setup of [...setups, ...newsletterSetups]) {
        serve(setup);
        const { unmount } = renderWithProviders(<PrivacyPage />, { lng, path: '/privacy' });
        const content = document.getElementById('controller')?.textContent ?? '';
        const analytics = setup.analytics ? analyticsServices[setup.analytics] : null;
        const recognises = analytics?.entries.some((entry) => entry.purpose === 'visitorId') ?? false;
        const individual = trackingOf(setup) === 'individual';
        const name = setupName(setup);
        expect(content.includes(profiles('analytics', analytics?.name)), name).toBe(recognises);
        expect(content.includes(profiles('newsletter')), name).toBe(individual);
        expect(content.includes(profiles('none')), name).toBe(!recognises && !individual);
        expect(content.includes(profiles('noOther')), name).toBe(recognises || individual);
        unmount();
      }
      // The registry decides: Matomo and Google keep a visitor id, Plausible none.
      expect(analyticsProviders.filter((provider) => analyticsServices[provider].entries.length > 0)).toEqual([
        'matomo',
        'matomo-cloud',
        'google',
      ]);
    });

    for (const setup of newsletterSetups) {
      it(`the newsletter sign-up and the privacy policy say the same about what the newsletter records (${setupName(setup)})`, () => {
        serve(setup);
        const tracking = trackingOf(setup);
        const name = setup.newsletter ? newsletterRecipients[setup.newsletter].name : '';
        const signUp = (value: NewsletterTracking) => words.text(`newsletter:tracking.${value}`);
        const policy = (value: NewsletterTracking) =>
          words.text(`privacy:sections.newsletter.tracking.${value}`, { name }).replace(/<\/?\w+>/g, '');

        const popup = renderWithProviders(<NewsletterPopup />, { lng });
        const region = screen.getByRole('complementary');
        for (const value of newsletterTrackings)
          expect(region.textContent?.includes(signUp(value)), value).toBe(value === tracking);
        // Read before the click, at the description's size (GDPR Art. 7(2), § 25 TDDDG) …
        const button = within(region).getByRole('button', { name: words.text('newsletter:subscribe') });
        const said = [...region.querySelectorAll('p, label')].find((element) =>
          element.textContent?.includes(signUp(tracking)),
        );
        const description = [...region.querySelectorAll('p')].find(
          (element) => element.textContent === words.text('newsletter:description'),
        );
        expect(said && said.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
        const size = (element: Element | undefined) => element?.className.match(/\btext-(xs|sm|base|lg)\b/)?.[1];
        expect(size(said)).toBe(size(description));
        // … and per-person tracking only with a box of its own, unticked.
        const box = within(region).queryByRole('checkbox', { name: signUp('individual') });
        expect(box !== null, 'a tracking box').toBe(tracking === 'individual');
        if (box) {
          expect(box).not.toBeChecked();
          expect(box).toHaveAttribute('name', 'tracking');
          expect(box.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
        }
        popup.unmount();

        renderWithProviders(<PrivacyPage />, { lng, path: '/privacy' });
        const section = document.getElementById('newsletter')?.textContent ?? '';
        for (const value of newsletterTrackings)
          expect(section.includes(policy(value)), value).toBe(value === tracking);
        // The sign-up is consent for sending (UWG) and, where opens are measured, for that too (TDDDG).
        const citation = uwgCitations[lng];
        if (citation) expect(section).toMatch(citation);
        if (tracking !== 'off') expect(policy(tracking)).toMatch(/25/);
      });
    }
  });
}

describe('Google Analytics', () => {
  it('is configured without Google signals and without ad personalisation, as the cookie settings say', () => {
    startGoogleTag('G-TEST1234', { analytics: true });
    const commands = (window.dataLayer ?? []).map((entry) => [...(entry as IArguments)]);
    expect(commands).toContainEqual(['config', 'G-TEST1234', googleTagSettings]);
    expect(googleTagSettings).toEqual({ allow_google_signals: false, allow_ad_personalization_signals: false });
    // The text promises it: the Google entry of the settings names Google signals as switched off.
    for (const [lng, words] of Object.entries(googleSignalsWords) as [Language, RegExp][])
      expect(wording(lng).text('consent:services.google'), lng).toMatch(words);
  });
});
