import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { afterHydration, HydrateInTurn } from '../components/hydrate-in-turn';
import { CookieBanner } from '../features/consent/cookie-banner';
import { CookieSettingsButton } from '../features/consent/cookie-settings-button';
import { CookieSettingsDialog } from '../features/consent/cookie-settings-dialog';
import { ConsentProvider } from '../features/consent/use-consent';
import { WebAnalytics } from '../features/consent/web-analytics';
import { NewsletterPopup } from '../features/newsletter/newsletter-popup';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import { IdScopeProvider } from '../hooks/use-stable-id';
import { useDocumentHead } from './use-document-head';

export function RootLayout() {
  const { t } = useTranslation();
  useDocumentHead();
  // Marks the page interactive: CSS and tests can tell a hydrated page from static HTML.
  useEffect(() => {
    afterHydration(() => {
      document.documentElement.dataset.appReady = '';
    });
  }, []);
  return (
    <IdScopeProvider root>
    <ConsentProvider>
      {/* The first stop of the keyboard, before anything that repeats on every page (WCAG 2.4.1). */}
      <a href="#main" className="skip-link">
        {t(($) => $.skipToContent)}
      </a>
      {/* Next in the document, so keyboard and screen reader users meet it before the page; it shows at the bottom. */}
      <CookieBanner />
      <HydrateInTurn>
        <SiteHeader />
      </HydrateInTurn>
      <HydrateInTurn>
        <main id="main" tabIndex={-1} className="min-h-[70vh] pt-16 outline-none">
          <Suspense fallback={<p className="sr-only">{t(($) => $.loading)}</p>}>
            <Outlet />
          </Suspense>
        </main>
      </HydrateInTurn>
      <HydrateInTurn>
        <SiteFooter>
          <CookieSettingsButton />
        </SiteFooter>
      </HydrateInTurn>
      <NewsletterPopup />
      <CookieSettingsDialog />
      <WebAnalytics />
      <ScrollRestoration />
    </ConsentProvider>
    </IdScopeProvider>
  );
}
