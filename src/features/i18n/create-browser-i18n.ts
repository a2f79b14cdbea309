import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../common/languages';
import { loadNamespace } from '../../content/locales/load-namespace';
import { baseI18nOptions } from './i18n-options';

/** The browser's i18next, in the language of the page (its address decides). Texts load one namespace at a time. */
export async function createBrowserI18n(lng: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({ ...baseI18nOptions(), lng });
  return instance;
}
