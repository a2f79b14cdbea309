import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Logo } from '../../components/logo';
import { LanguageMenu } from '../../features/i18n/language-menu';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { MobileMenu } from './mobile-menu';
import { mainNavItems } from './nav-items';

export function SiteHeader() {
  const { t } = useTranslation();
  return (
    // A container, so the navigation folds into the menu by the header's width in rem: large text folds it too (WCAG 1.4.4).
    <header className="@container fixed inset-x-0 top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
        <Link to="/" className="rounded-md" aria-label={t(($) => $.nav.homeLogo)}>
          <Logo compact />
        </Link>
        <nav aria-label={t(($) => $.nav.label)} className="hidden @3xl:block">
          <ul className="flex items-center gap-1">
            {mainNavItems.map((item) => (
              <li key={item.key}>
                <NavLink to={item.to} end={item.to === '/'} className="nav-link">
                  {t(($) => $.nav[item.key])}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <LanguageMenu />
          <ThemeToggle />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
