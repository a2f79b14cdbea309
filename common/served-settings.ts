import { jobsSources } from './jobs.ts';
import { analyticsProviders, newsletterProviders, newsletterTrackings } from './services.ts';

/**
 * Settings read when the server starts that change what a page says (which
 * analytics service, which newsletter provider, what the newsletter records,
 * where the jobs come from and so where applicants apply). Pages are built once for any
 * settings: the build renders every alternative between comment markers, and
 * the server keeps only the one its settings choose (keepServedAlternatives)
 * and writes the choice on `<html data-<setting>>`, where the browser's islands
 * read it, so hydration renders what the server kept.
 */
export const servedSettings = {
  'analytics-provider': ['none', ...analyticsProviders],
  'newsletter-provider': ['none', ...newsletterProviders],
  'newsletter-tracking': newsletterTrackings,
  'jobs-source': jobsSources,
} as const;

export type ServedSetting = keyof typeof servedSettings;
export type ServedValue<Setting extends ServedSetting> = (typeof servedSettings)[Setting][number];
export type ServedChoice = { [Setting in ServedSetting]: ServedValue<Setting> };

export function isServedValue<Setting extends ServedSetting>(
  setting: Setting,
  value: unknown,
): value is ServedValue<Setting> {
  return typeof value === 'string' && (servedSettings[setting] as readonly string[]).includes(value);
}

/** The comments around one alternative in a built page. */
export const alternativeStart = (setting: string, value: string) => `<!--alt:${setting}=${value}-->`;
export const alternativeEnd = (setting: string, value: string) => `<!--/alt:${setting}=${value}-->`;

const alternative = /<!--alt:([\w-]+)=([\w-]+)-->([\s\S]*?)<!--\/alt:\1=\2-->/g;

/** Keeps in a built page only the alternatives `chosen` picks, without their markers. */
export function keepServedAlternatives(html: string, chosen: ServedChoice): string {
  let result = html;
  let previous: string;
  do {
    previous = result;
    result = result.replace(alternative, (_whole, setting: string, value: string, content: string) => {
      if (!Object.hasOwn(chosen, setting))
        throw new Error(`The page has alternatives for an unknown setting: ${setting}`);
      return chosen[setting as ServedSetting] === value ? content : '';
    });
  } while (result !== previous);
  return result;
}
