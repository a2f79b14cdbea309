import { company } from './company.ts';

/** docs/contract.md#storage-keys: the visitor's cookie choices, in local storage. */
export const consentStorageKey = 'cookiePreferences';

/** docs/contract.md#storage-keys: the theme, in local storage. */
export const themeStorageKey = 'theme';

/** docs/contract.md#storage-keys: set in session storage while the page of a language chosen in the menu loads, which puts the focus back on the menu. */
export const languageMenuFocusKey = 'westbridge_language_menu_focus';

/** docs/contract.md#storage-keys: the newsletter pop-up's flags in local storage, each holding the string 'true'. */
export const newsletterFlags = {
  subscribed: `${company.shortName}_newsletter_subscribed`,
  hidden: `${company.shortName}_newsletter_hidden`,
} as const;
