import {
  defaultLanguage,
  languageCodes,
  languageCookie,
  languageCookieAttributes,
  languageCookieName,
  languageStorageKey,
  type Language,
} from '../../../common/languages.ts';
import { languageParam, localizedPath } from '../../../common/page-urls.ts';

/**
 * The visitor chose a language in the menu: kept in local storage and in the
 * cookie, so the site root opens in it next time (docs/contract.md#difference-7: nothing
 * about the language is stored before such a choice).
 */
export function chooseLanguage(lng: Language): void {
  try {
    localStorage.setItem(languageStorageKey, lng);
  } catch {
    // Storage disabled: the cookie still carries the choice.
  }
  document.cookie = languageCookie(lng, window.location.protocol === 'https:');
}

const otherRoots = languageCodes.filter((lng) => lng !== defaultLanguage).map((lng) => localizedPath('/', lng));

/**
 * Runs in <head> before the first paint, and acts only where the site root
 * answered without `?lng=` and without the cookie, not reached by a link on one of the
 * site's own pages (those stay German): the German root itself, or
 * another language's root the site root redirected to (a redirected
 * navigation). The server chose by the browser's language then, but docs/product.md#languages
 * ranks a choice kept in local (then session) storage before it. If such a
 * choice names another language, the cookie is restored from it and the root
 * of that language is loaded instead.
 */
export const rootLanguageScript =
  `try{var h=document.documentElement,k=${JSON.stringify(languageStorageKey)},p=location.pathname,n=(performance.getEntriesByType&&performance.getEntriesByType("navigation")[0])||{};` +
  `if((p==="/"&&!new RegExp("[?&]${languageParam}=").test(location.search)&&!(document.referrer&&new URL(document.referrer).origin===location.origin)||${JSON.stringify(otherRoots)}.indexOf(p)>=0&&!location.search&&n.redirectCount>0)&&!/(?:^|;\\s*)${languageCookieName}=/.test(document.cookie)){` +
  `var s=((localStorage.getItem(k)||sessionStorage.getItem(k)||"").split(/[-_]/)[0]||"").toLowerCase();` +
  `var roots=${JSON.stringify(Object.fromEntries(languageCodes.map((lng) => [lng, lng === defaultLanguage ? `/?${languageParam}=${lng}` : localizedPath('/', lng)])))};` +
  `if(roots.hasOwnProperty(s)&&s!==h.lang){` +
  `document.cookie=${JSON.stringify(`${languageCookieName}=`)}+s+${JSON.stringify(languageCookieAttributes)}+(location.protocol==="https:"?";secure":"");` +
  `location.replace(roots[s])}}}catch(e){}`;
