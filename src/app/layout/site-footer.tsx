import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { company } from '../../../common/company';
import { InstagramIcon, LinkedInIcon, XLogoIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { useCurrentYear } from '../../hooks/use-current-year';
import { dataNavItems, mainNavItems } from './nav-items';

const socialLinks = [
  { key: 'linkedin', href: company.social.linkedin, Icon: LinkedInIcon },
  { key: 'instagram', href: company.social.instagram, Icon: InstagramIcon },
  { key: 'x', href: company.social.x, Icon: XLogoIcon },
] as const;

function FooterGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-ink">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </div>
  );
}

export function SiteFooter({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const year = useCurrentYear();
  return (
    <footer className="border-t border-line bg-surface-sunken">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-ink-muted">{t(($) => $.footer.tagline)}</p>
        </div>
        <FooterGroup title={t(($) => $.footer.mainPages)}>
          {mainNavItems.map((item) => (
            <li key={item.key}>
              <Link to={item.to} className="footer-link">
                {t(($) => $.nav[item.key])}
              </Link>
            </li>
          ))}
        </FooterGroup>
        <FooterGroup title={t(($) => $.footer.dataPages)}>
          {dataNavItems.map((item) => (
            <li key={item.key}>
              <Link to={item.to} className="footer-link">
                {t(($) => $.nav[item.key])}
              </Link>
            </li>
          ))}
        </FooterGroup>
        <FooterGroup title={t(($) => $.footer.socialMedia)}>
          {socialLinks.map(({ key, href, Icon }) => (
            <li key={key}>
              <a href={href} target="_blank" rel="noopener noreferrer" className="footer-link inline-flex items-center gap-2">
                <Icon width={16} height={16} />
                {t(($) => $.footer.social[key])}
                <span className="sr-only">{t(($) => $.footer.opensInNewTab)}</span>
              </a>
            </li>
          ))}
        </FooterGroup>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
          <p>{t(($) => $.footer.copyright, { year })}</p>
          {children}
        </div>
      </div>
    </footer>
  );
}
