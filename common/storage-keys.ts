import { company } from './company.ts';

/** docs/contract.md#storage-keys: the visitor's cookie choices, in local storage. */
export const consentStorageKey = 'cookiePreferences';

/** docs/contract.md#storage-keys: the theme, in local storage. */
export const themeStorageKey = 'theme';

/** docs/contract.md#storage-keys: the newsletter pop-up's flags in local storage, each holding the string 'true'. */
export const newsletterFlags = {
  subscribed: `${company.shortName}_newsletter_subscribed`,
  hidden: `${company.shortName}_newsletter_hidden`,
} as const;
