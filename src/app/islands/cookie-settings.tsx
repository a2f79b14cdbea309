import { CookieSettingsButton } from '../../features/consent/cookie-settings-button';
import { CookieSettingsDialog } from '../../features/consent/cookie-settings-dialog';
import { WebAnalytics } from '../../features/consent/web-analytics';

export const namespaces = ['consent'] as const;

/**
 * The footer's "Cookie settings" with the dialog it opens (so does the banner's
 * Customize, through the consent store) and the analytics script that follows
 * the choice: one root, since the dialog and the script render nothing until needed.
 */
export default function CookieSettings() {
  return (
    <>
      <CookieSettingsButton />
      <CookieSettingsDialog />
      <WebAnalytics />
    </>
  );
}
