import { LanguageMenu } from '../../features/i18n/language-menu';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { MobileMenu } from '../layout/mobile-menu';

/** The header's controls: language, theme and, on narrow screens, the menu. */
export default function HeaderControls({ path, search }: { path: string | null; search: string }) {
  return (
    <>
      <LanguageMenu path={path} search={search} />
      <ThemeToggle />
      <MobileMenu path={path} />
    </>
  );
}
