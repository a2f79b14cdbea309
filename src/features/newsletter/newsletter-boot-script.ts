import { languageCodes } from '../../../common/languages.ts';
import { localizedPath } from '../../../common/page-urls.ts';
import { findPage } from '../../../common/site-pages.ts';
import { newsletterDismissedClass, newsletterFlags } from './newsletter-flags.ts';

const subscribed = JSON.stringify(newsletterFlags.subscribed);
const resultPaths = JSON.stringify(languageCodes.map((lng) => localizedPath(findPage('form-result').path, lng)));

/**
 * Runs before the first paint: a visitor who closed or subscribed never sees
 * the pop-up flash. A sign-up or confirmation the browser sent itself (before
 * the app started) lands on its result page, which counts as subscribed too.
 */
export const newsletterBootScript =
  `try{var s=localStorage;` +
  `if(${resultPaths}.indexOf(location.pathname)>=0&&/[?&]status=newsletter-(pending|confirmed)(&|$)/.test(location.search))s.setItem(${subscribed},"true");` +
  `if(s.getItem(${JSON.stringify(newsletterFlags.hidden)})==="true"||s.getItem(${subscribed})==="true")document.documentElement.classList.add(${JSON.stringify(newsletterDismissedClass)})}catch(e){}`;
