import { useSyncExternalStore } from 'react';
import { isServedValue, type ServedSetting, type ServedValue } from '../../common/served-settings';

const noSubscription = () => () => {};

const readSetting = <Setting extends ServedSetting>(setting: Setting): ServedValue<Setting> | null => {
  const value = document.documentElement.getAttribute(`data-${setting}`);
  return isServedValue(setting, value) ? value : null;
};

/**
 * A setting of the running server, as it wrote it on `<html>`; null while the
 * build renders the pages (then every alternative is rendered). In the browser
 * both snapshots read the page, so hydration renders what the server kept.
 */
export function useServedSetting<Setting extends ServedSetting>(setting: Setting): ServedValue<Setting> | null {
  const read = () => (typeof document === 'undefined' ? null : readSetting(setting));
  return useSyncExternalStore(noSubscription, read, read);
}
