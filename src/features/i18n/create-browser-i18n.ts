import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../common/languages';
import { loadNamespace } from '../../content/locales/load-namespace';
import { baseI18nOptions } from './i18n-options';

/**
 * The browser's i18next, in the language the page was rendered in (the server
 * chose it: `?lng=`, cookie, Accept-Language; the head script already moved a
 * visitor with only a stored choice to it). Texts load one namespace at a time.
 */
export async function createBrowserI18n(lng: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({ ...baseI18nOptions(), lng });
  return instance;
}
