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
  servicesIn,
  siteService,
  type AnalyticsProvider,
  type Lifetime,
  type NewsletterProvider,
} from '../../common/services';
import { createStaticI18n } from '../features/i18n/create-static-i18n';
import PrivacyPage from '../pages/privacy-page';
import { renderWithProviders } from '../test/render';
import { CookieBanner } from '../features/consent/cookie-banner';
import { CookieSettingsButton } from '../features/consent/cookie-settings-button';
import { CookieSettingsDialog } from '../features/consent/cookie-settings-dialog';
import { consentMaxAgeMonths } from '../features/consent/consent-preferences';
import { ConsentProvider } from '../features/consent/use-consent';

/**
 * The banner, the settings and the privacy policy state exactly what the
 * services registry and the retention periods say, for every configuration
 * the server can have, in every language: every service in use by name with
 * each entry it keeps in the browser and its lifetime, no service that is not
 * in use, and no period that is not one of the code's.
 */

type Setup = { analytics: AnalyticsProvider | null; newsletter: NewsletterProvider | null };
const setups: Setup[] = [
  { analytics: null, newsletter: null },
  ...analyticsProviders.map((analytics, index) => ({
    analytics,
    newsletter: newsletterProviders[index % newsletterProviders.length] ?? null,
  })),
];

function serve({ analytics, newsletter }: Setup) {
  const root = document.documentElement;
  root.setAttribute('data-analytics-provider', analytics ?? 'none');
  root.setAttribute('data-newsletter-provider', newsletter ?? 'none');
  root.setAttribute('data-consent-services', analytics ?? '');
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const name of ['data-analytics-provider', 'data-newsletter-provider', 'data-consent-services'])
    document.documentElement.removeAttribute(name);
});

/** The registry's words in one language, made with the site's own translations. */
function wording(lng: Language) {
  const { t } = createStaticI18n(lng);
  const text = t as unknown as (key: string, options?: object) => string;
  const plural = (count: number) => (new Intl.PluralRules(lng).select(count) === 'one' ? 'one' : 'other');
  const period = ({ unit, count }: Period) => text(`consent:lifetime.${unit}.${plural(count)}`, { n: count });
  const lifetime = (value: Lifetime) =>
    value.unit === 'untilDeleted' ? text('consent:lifetime.untilDeleted') : period(value);
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

const setupName = ({ analytics, newsletter }: Setup) =>
  `analytics ${analytics ?? 'none'}, newsletter ${newsletter ?? 'none'}`;

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
        if (analytics) expect(content).toContain(`${analytics.name} (${words.label(analytics.category)})`);
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
          ...shown.flatMap((lifetime) => (lifetime.unit === 'untilDeleted' ? [] : [words.period(lifetime)])),
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
            entry.lifetime.unit === 'untilDeleted' ? [] : [words.period(entry.lifetime)],
          ),
          words.period({ unit: 'months', count: consentMaxAgeMonths }),
        ]);
        // SPEC 9: applicant data is kept up to 6 months (the application process page says the same).
        const allowed = new Set([...required, words.period({ unit: 'months', count: 6 })]);
        const stated = words.durations(textOf(document.body));
        expect([...required].filter((duration) => !stated.has(duration))).toEqual([]);
        expect([...stated].filter((duration) => !allowed.has(duration))).toEqual([]);
        const retentionSection = words.durations(textOf(section('retention')));
        expect(
          kinds.filter(
            (kind) => (kind !== 'newsletterSyncs' || recipient) && !retentionSection.has(words.period(retention[kind])),
          ),
        ).toEqual([]);
      });
    }
  });
}
