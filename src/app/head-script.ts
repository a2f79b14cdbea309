import { imageFallbackScript } from '../components/fallback-image-script.ts';
import { consentBootScript } from '../features/consent/consent-boot-script.ts';
import { rootLanguageScript } from '../features/i18n/remember-language.ts';
import { newsletterBootScript } from '../features/newsletter/newsletter-boot-script.ts';
import { themeBootScript } from '../features/theme/theme-boot-script.ts';

/** Lets CSS show JavaScript-only controls (overlays) from the first paint, and only then. */
const jsMarker = 'document.documentElement.classList.add("js")';

/**
 * The one inline script of every page, run in <head> before the first paint.
 * Its SHA-256 goes into the Content-Security-Policy at build time. Each part
 * runs in a function of its own, so their variables never meet.
 */
export const headScript = [
  rootLanguageScript,
  jsMarker,
  themeBootScript,
  consentBootScript,
  newsletterBootScript,
  imageFallbackScript,
]
  .map((part) => `(function(){${part}})();`)
  .join('\n');
