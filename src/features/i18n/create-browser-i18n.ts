import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { loadNamespace } from '../../content/locales/load-namespace';
import { baseI18nOptions, detectionOptions } from './i18n-options';

/** The browser's i18next: detects and caches the language, loads texts on demand. */
export async function createBrowserI18n(namespaces: readonly string[]): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(LanguageDetector)
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({ ...baseI18nOptions(), ns: ['common', ...namespaces], detection: detectionOptions(window.location.protocol === 'https:') });
  return instance;
}
