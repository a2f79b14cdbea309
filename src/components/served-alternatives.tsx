import { Fragment, type ReactNode } from 'react';
import {
  alternativeEnd,
  alternativeStart,
  servedSettings,
  type ServedSetting,
  type ServedValue,
} from '../../common/served-settings';
import { useServedSetting } from '../hooks/use-served-setting';

/**
 * What a part of a page says for each value of a setting the server reads at
 * start (common/served-settings.ts). The build renders every alternative,
 * each between markers the server uses to keep only the configured one; the
 * browser renders that one. Each alternative should be whole elements, never
 * bare text beside other text (the browser would merge the text the server kept).
 */
export function ServedAlternatives<Setting extends ServedSetting>({
  setting,
  children,
}: {
  setting: Setting;
  children: (value: ServedValue<Setting>) => ReactNode;
}) {
  const chosen = useServedSetting(setting);
  if (chosen !== null) return children(chosen);
  return (servedSettings[setting] as readonly ServedValue<Setting>[]).map((value) => (
    <Fragment key={value}>
      <template data-alt-start={`${setting}=${value}`} />
      {children(value)}
      <template data-alt-end={`${setting}=${value}`} />
    </Fragment>
  ));
}

/** Turns the markers React rendered into the comments the server looks for. */
export function markServedAlternatives(html: string): string {
  return html.replace(
    /<template data-alt-(start|end)="([\w-]+)=([\w-]+)"><\/template>/g,
    (_whole, edge: string, setting: string, value: string) =>
      edge === 'start' ? alternativeStart(setting, value) : alternativeEnd(setting, value),
  );
}
