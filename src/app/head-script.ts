import { themeBootScript } from '../features/theme/theme-boot-script.ts';

/**
 * The one inline script of every page, run in <head> before the first paint.
 * Its SHA-256 goes into the Content-Security-Policy at build time.
 */
export const headScript = [themeBootScript].join('\n');
