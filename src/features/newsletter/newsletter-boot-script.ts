import { newsletterDismissedClass, newsletterFlags } from './newsletter-flags.ts';

/** Runs before the first paint: a visitor who closed or subscribed never sees the pop-up flash. */
export const newsletterBootScript = `try{if(localStorage.getItem(${JSON.stringify(newsletterFlags.hidden)})==="true"||localStorage.getItem(${JSON.stringify(newsletterFlags.subscribed)})==="true")document.documentElement.classList.add(${JSON.stringify(newsletterDismissedClass)})}catch(e){}`;
