import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '../../components/icons';
import { setTheme, useTheme } from './theme-store';

/** Needs JavaScript, so it shows only where scripts run. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button hidden in-[.js]:inline-flex"
      onClick={() => setTheme(next)}
      aria-label={next === 'dark' ? t(($) => $.theme.switchToDark) : t(($) => $.theme.switchToLight)}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
