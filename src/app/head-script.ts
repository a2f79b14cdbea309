import { consentBootScript } from '../features/consent/consent-boot-script.ts';
import { newsletterBootScript } from '../features/newsletter/newsletter-boot-script.ts';
import { themeBootScript } from '../features/theme/theme-boot-script.ts';

/** Lets CSS show JavaScript-only controls (overlays) from the first paint, and only then. */
const jsMarker = 'document.documentElement.classList.add("js")';

/**
 * The one inline script of every page, run in <head> before the first paint.
 * Its SHA-256 goes into the Content-Security-Policy at build time.
 */
export const headScript = [jsMarker, themeBootScript, consentBootScript, newsletterBootScript].join(';\n');
