import { consentServicesAttribute } from '../../../common/page-placeholders.ts';
import { consentMaxAgeMonths, consentStorageKey, consentVersion } from './consent-preferences.ts';

/**
 * Set on <html> while a current choice is stored. The banner is part of the
 * prerendered page (it paints with it, no layout shift, no late LCP); this class
 * hides it from the first paint for visitors who have already answered.
 */
export const consentDecidedClass = 'consent-decided';

/**
 * Runs in <head> before the first paint: the same test as `isCurrentConsent`
 * (same version, same services as the server lists on <html>, younger than
 * 12 months), kept in step by a unit test.
 */
export const consentBootScript =
  `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(consentStorageKey)})),h=document.documentElement,` +
  `s=(h.getAttribute(${JSON.stringify(consentServicesAttribute)})||"").split(" ").filter(Boolean).sort().join(" ");` +
  `if(c&&c.version===${consentVersion}&&Array.isArray(c.services)&&c.services.slice().sort().join(" ")===s){` +
  `var x=new Date(typeof c.timestamp==="string"?c.timestamp:NaN);x.setMonth(x.getMonth()+${consentMaxAgeMonths});` +
  `if(x.getTime()>Date.now())h.classList.add(${JSON.stringify(consentDecidedClass)})}}catch(e){}`;
