import i18next, { type CustomTypeOptions, type TFunction } from 'i18next';
import { languageCodes, type Language } from '../../../common/languages';
import { baseI18nOptions } from '../../../src/features/i18n/i18n-options';
import { namespacesOf, readNamespace, resolvedNamespace } from '../../../src/test/locale-files';

/** Every namespace, in German's shape: the parity test holds the other languages to it. */
type Namespaces = CustomTypeOptions['resources'];

/** One namespace of a language's texts, from its locale file, with the texts it nests filled in ({{placeholders}} stay). */
export function localeTexts<N extends keyof Namespaces>(lng: Language, ns: N): Namespaces[N] {
  return resolvedNamespace(lng, ns) as Namespaces[N];
}

const instances = new Map<Language, TFunction>();

/** The texts of a language as the pages show them (nesting and {{placeholders}} filled in), read from the locale files. */
export function textsOf(lng: Language): TFunction {
  const known = instances.get(lng);
  if (known) return known;
  const resources = Object.fromEntries(
    languageCodes.map((code) => [
      code,
      Object.fromEntries(namespacesOf(code).map((ns) => [ns, readNamespace(code, ns)])),
    ]),
  );
  const instance = i18next.createInstance();
  void instance.init({ ...baseI18nOptions(), lng, resources, ns: namespacesOf(lng), initAsync: false });
  instances.set(lng, instance.t);
  return instance.t;
}

/** A text as a regular expression matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The languages, those whose texts run longest first: where a layout is likeliest to overflow. */
export function languagesByLength(): Language[] {
  const length = (lng: Language) =>
    namespacesOf(lng).reduce((sum, ns) => sum + JSON.stringify(resolvedNamespace(lng, ns)).length, 0);
  return [...languageCodes].sort((a, b) => length(b) - length(a));
}
