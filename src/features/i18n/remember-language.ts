import {
  languageCodes,
  languageCookie,
  languageCookieAttributes,
  languageCookieName,
  languageStorageKey,
  type Language,
} from '../../../common/languages.ts';

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
  `document.cookie=${JSON.stringify(`${languageCookieName}=`)}+s+${JSON.stringify(languageCookieAttributes)}+(location.protocol==="https:"?";secure":"");` +
  `if(c.test(document.cookie))location.reload()}}}catch(e){}`;
