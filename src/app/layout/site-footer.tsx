import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentYearPlaceholder } from '../../../common/page-placeholders';
import { dataNavPages, footerMainPages, type NavPage } from '../../../common/site-pages';
import { Logo } from '../../components/logo';
import { SocialLinkItems } from '../../components/social-link-items';
import { usePageHref } from '../../hooks/use-page-href';
import { Island } from '../islands/island';

function FooterGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-ink">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </div>
  );
}

function FooterLinks({ pages }: { pages: readonly NavPage<'main' | 'data' | 'footer'>[] }) {
  const { t } = useTranslation();
  const href = usePageHref();
  return pages.map((page) => (
    <li key={page.id}>
      <a href={href(page.id)} className="footer-link">
        {t(($) => $.pages[page.id])}
      </a>
    </li>
  ));
}

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line bg-surface-sunken">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-ink-muted">{t(($) => $.footer.tagline)}</p>
        </div>
        <FooterGroup title={t(($) => $.footer.mainPages)}>
          <FooterLinks pages={footerMainPages} />
        </FooterGroup>
        <FooterGroup title={t(($) => $.footer.dataPages)}>
          <FooterLinks pages={dataNavPages} />
        </FooterGroup>
        <FooterGroup title={t(($) => $.footer.socialMedia)}>
          <SocialLinkItems linkClassName="footer-link inline-flex items-center gap-2" iconSize={16} />
        </FooterGroup>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
          {/* The page is built once and served for years: the server writes the current year in. */}
          <p>{t(($) => $.footer.copyright, { year: currentYearPlaceholder })}</p>
          <Island name="cookie-settings" className="contents" />
        </div>
      </div>
    </footer>
  );
}
