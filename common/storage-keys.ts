import { company } from './company.ts';

/** SPEC 3: the visitor's cookie choices, in local storage. */
export const consentStorageKey = 'cookiePreferences';

/** SPEC 3: the theme, in local storage. */
export const themeStorageKey = 'theme';

/** SPEC 3: the newsletter pop-up's flags in local storage, each holding the string 'true'. */
export const newsletterFlags = {
  subscribed: `${company.shortName}_newsletter_subscribed`,
  hidden: `${company.shortName}_newsletter_hidden`,
} as const;
