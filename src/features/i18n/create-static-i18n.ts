import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../common/languages';
import { allResources } from '../../content/locales/all-resources';
import { baseI18nOptions } from './i18n-options';

/** An i18next with every text loaded, for the prerenderer and tests. */
export function createStaticI18n(lng: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...baseI18nOptions(),
    lng,
    resources: allResources,
    ns: Object.keys(allResources[lng] ?? {}),
    initAsync: false,
  });
  return instance;
}
