import { useTranslation } from 'react-i18next';
import { isCurrentSection, mainNavItems } from './nav-items';

/** The main navigation's links; the current page and its section are marked for everyone (`aria-current`). */
export function MainNavLinks({ path, linkClassName }: { path: string | null; linkClassName: string }) {
  const { t } = useTranslation();
  return mainNavItems.map((item) => {
    // The page itself is "page"; a page of its section (a service, a job) is "true".
    const current = path === item.to ? 'page' : isCurrentSection(item, path) ? 'true' : undefined;
    return (
      <li key={item.key}>
        <a href={item.to} className={linkClassName} aria-current={current}>
          {t(($) => $.nav[item.key])}
        </a>
      </li>
    );
  });
}
