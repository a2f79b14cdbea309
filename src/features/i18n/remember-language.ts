import { languageCodes, languageCookieName, languageStorageKey, type Language } from '../../../common/languages.ts';

/** The `i18next` cookie's attributes: the whole site, a year, sent on links from other sites. */
const cookieAttributes = `;path=/;max-age=${60 * 60 * 24 * 365};samesite=lax`;

/** The cookie that tells the server the language, `Secure` on an https site. */
export function languageCookie(lng: Language, https: boolean): string {
  return `${languageCookieName}=${lng}${cookieAttributes}${https ? ';secure' : ''}`;
}

/** SPEC 9: the language of the page is cached in local storage, and in the cookie so the server sees it too. */
export function rememberLanguage(lng: Language): void {
  try {
    localStorage.setItem(languageStorageKey, lng);
  } catch {
    // Storage disabled: the cookie still carries the choice.
  }
  document.cookie = languageCookie(lng, window.location.protocol === 'https:');
}

/**
 * Runs in <head> before the first paint. The server chose the page's language
 * from `?lng=`, the cookie and Accept-Language; it cannot see a choice kept
 * only in local (or session) storage, which SPEC 9 ranks before the browser's
 * language. When such a choice differs and neither `?lng=` nor the cookie
 * decided, it sets the cookie and loads the page again, before anything paints.
 */
export const languageBootScript =
  `try{var q=location.search,h=document.documentElement,k=${JSON.stringify(languageStorageKey)},c=/(?:^|;\\s*)${languageCookieName}=/;` +
  `if(!/[?&]lng=/.test(q)&&!c.test(document.cookie)){var s=((localStorage.getItem(k)||sessionStorage.getItem(k)||"").split(/[-_]/)[0]||"").toLowerCase();` +
  `if(${JSON.stringify(languageCodes)}.indexOf(s)>=0&&s!==h.lang){` +
  `document.cookie=${JSON.stringify(`${languageCookieName}=`)}+s+${JSON.stringify(cookieAttributes)}+(location.protocol==="https:"?";secure":"");` +
  `if(c.test(document.cookie))location.reload()}}}catch(e){}`;
