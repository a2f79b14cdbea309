import { useTranslation } from 'react-i18next';
import { useConsent } from './use-consent';

/** The footer's "Cookie settings": reopens the settings at any time (docs/product.md#cookie-consent). Needs JavaScript, so hidden without it. */
export function CookieSettingsButton() {
  const { t } = useTranslation('consent');
  const { openSettings } = useConsent();
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className="footer-link hidden min-h-6 self-start text-left sm:self-auto [.js_&]:inline-block"
      onClick={openSettings}
    >
      {t(($) => $.settings.open)}
    </button>
  );
}
