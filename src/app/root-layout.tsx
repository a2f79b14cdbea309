import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Island } from './islands/island';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';

/** What every page shares. Only the islands in it run in the browser; the rest stays the prerendered HTML. */
export function RootLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {/* The first stop of the keyboard, before anything that repeats on every page (WCAG 2.4.1). */}
      <a href="#main" className="skip-link">
        {t(($) => $.skipToContent)}
      </a>
      {/* Next in the document, so keyboard and screen reader users meet it before the page; it shows at the bottom. */}
      <Island name="cookie-banner" />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="min-h-[70vh] pt-16 outline-none">
        {children}
      </main>
      <SiteFooter />
      <Island name="newsletter-popup" />
    </>
  );
}
