import { useEffect, useId, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { configuredServices, type AnalyticsProvider } from '../../../common/services';
import { ServedAlternatives } from '../../components/served-alternatives';
import { usePageHref, usePageLanguage } from '../../hooks/use-page-href';
import { focusPageContent } from './focus-page-content';
import { useServiceTexts } from './service-texts';
import { useConsent } from './use-consent';

/**
 * The banner's height in px, published on <html> for the page's bottom padding
 * and scroll-padding there, so it never hides the focused element (WCAG 2.4.11).
 * `0px` while the banner is hidden and before JavaScript has run (styles.css
 * registers it as a non-inherited length).
 */
export const consentBannerHeightProperty = '--consent-banner-height';

function usePublishedHeight(ref: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    const publish = (height: number) => root.style.setProperty(consentBannerHeightProperty, `${Math.ceil(height)}px`);
    const element = ref.current;
    if (!shown || !element || typeof ResizeObserver === 'undefined') {
      publish(0);
      return;
    }
    const observer = new ResizeObserver(() => publish(element.getBoundingClientRect().height));
    observer.observe(element);
    return () => {
      observer.disconnect();
      publish(0);
    };
  }, [ref, shown]);
}

/** What the banner says: what is necessary, and the optional services in use by name, or that there are none. */
function BannerText({ analytics }: { analytics: AnalyticsProvider | null }) {
  const { t } = useTranslation('consent');
  const lng = usePageLanguage();
  const href = usePageHref();
  const texts = useServiceTexts();
  // Each optional service by name, category and purpose (docs/contract.md#difference-10).
  const services = configuredServices(analytics).map((service) =>
    t(($) => $.banner.service, {
      name: service.name,
      category: texts.category(service.category),
      purpose: service.purpose
        ? t(($) => $.banner.purposes[service.purpose as NonNullable<typeof service.purpose>])
        : '',
    }),
  );
  const list = new Intl.ListFormat(lng, { type: 'conjunction' }).format(services);
  return (
    <p className="mt-1 text-sm text-ink-muted">
      {t(($) => $.banner.necessary)}{' '}
      {services.length > 0 ? t(($) => $.banner.withServices, { services: list }) : t(($) => $.banner.withoutServices)}{' '}
      <a href={href('privacy')} className="text-link">
        {t(($) => $.banner.privacyLink)}
      </a>
    </p>
  );
}

/**
 * The banner of docs/product.md#cookie-consent, fixed to the bottom. It is prerendered (so it paints with the
 * page), shown only once JavaScript runs (`js` on <html>) and hidden from the
 * first paint when the head script finds a current choice (`consent-decided`).
 * Any stored choice hides it, Reject All included (docs/contract.md#difference-1).
 */
export function CookieBanner() {
  const { t } = useTranslation('consent');
  const consent = useConsent();
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  const shown = !consent.decided;
  usePublishedHeight(ref, shown);
  if (!shown) return null;

  // The banner disappears with the choice: keep keyboard focus on the page.
  const choose = (apply: () => void) => () => {
    apply();
    focusPageContent();
  };

  return (
    <section
      ref={ref}
      id="cookie-banner"
      aria-labelledby={titleId}
      className="fixed inset-x-0 bottom-0 z-40 hidden max-h-[80dvh] overflow-y-auto border-t border-line bg-surface-raised shadow-[0_-4px_24px_rgb(0_0_0/0.12)] [.js:not(.consent-decided)_&]:block"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:gap-4 sm:py-4 lg:flex-row lg:items-center lg:gap-8">
        <div className="min-w-0 flex-1">
          {/* The region's name, not a heading: the banner comes first in the document, and the page's <h1> must be its first heading. */}
          <p id={titleId} className="font-semibold text-ink">
            {t(($) => $.banner.title)}
          </p>
          <ServedAlternatives setting="analytics-provider">
            {(provider) => <BannerText analytics={provider === 'none' ? null : provider} />}
          </ServedAlternatives>
        </div>
        {/* Equal weight: the three answers look alike, refusing is as easy as accepting. */}
        <div className="grid gap-2 sm:grid-cols-3 lg:shrink-0">
          <button type="button" className="button button-primary" onClick={choose(consent.rejectAll)}>
            {t(($) => $.banner.rejectAll)}
          </button>
          <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={consent.openSettings}>
            {t(($) => $.banner.customize)}
          </button>
          <button type="button" className="button button-primary" onClick={choose(consent.acceptAll)}>
            {t(($) => $.banner.acceptAll)}
          </button>
        </div>
      </div>
    </section>
  );
}
