/**
 * The editor's configuration, made from the locale files themselves (German is the source of
 * keys and shapes) and the settings: a key added to src/content/locales/de/<ns>.json is a field
 * in the editor on the next build, with no second definition. cms-config.test.ts fails when the
 * configuration and the locale files disagree. Decap CMS reads the result (decap-cms-core's
 * CmsConfig); docs/decisions/0057-git-based-cms.md says why each namespace is one entry.
 */
import { defaultLanguage, languageCodes, type Language } from '../../common/languages';
import { company } from '../../common/company';
import { decapBackend, type CmsSettings } from '../../common/cms-settings';
import { searchLimits, type TextGuard } from '../../common/text-guards';
import { companyFactsSchema } from '../../common/company-facts';
import { editorGroups, otherTextsGroup, type EditorGroup } from './editor-groups';
import { schemaFields, type SchemaField } from './schema-fields';
import {
  pictureDataFile,
  pictureEntrySchema,
  pictureGroups,
  pictureImagesDir,
  type PictureGroup,
} from '../content/picture-data';
import { fieldLabel } from './field-labels';
import { newsCollection } from './news-collection';
import { commitMessages } from './commit-messages';

export type Texts = { readonly [key: string]: TextValue };
export type TextValue = string | readonly TextValue[] | Texts;
/** Every namespace of every language as published: `published.fr.about`. */
export type PublishedTexts = Readonly<Record<Language, Readonly<Record<string, Texts>>>>;

/** Where the editor keeps a namespace: a path no file has, which locale-files.ts maps to the three real files. */
export const namespaceEntryPath = (ns: string) => `src/content/locales/${ns}.json`;

/** What the guarded widgets and the save check need of a text: its published versions and its limit. */
export interface FieldGuard {
  /** The namespace and the key, dotted (`meta.title`); list items carry their list's key. */
  ns: string;
  key: string;
  limit?: TextGuard['limit'];
}

/** A field as Decap reads it, with this project's widgets and their `guard`. */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  i18n: true;
  required?: boolean;
  hint?: string;
  collapsed?: boolean;
  guard?: FieldGuard;
  fields?: EditorField[];
  field?: EditorField;
}

/** Texts up to this long without a line break get a one-line input. */
const oneLine = 90;

/** The suffix every page title gets (src/app/document-head.ts): " – Westbridge". */
const titleSuffixLength = [...` – ${company.shortName}`].length;

/** How long a text at `key` may be, for the ones search engines show. */
export function limitOf(key: string): TextGuard['limit'] {
  if (key === 'meta.title') return { kind: 'title', max: searchLimits.title - titleSuffixLength };
  if (key === 'meta.description') return { kind: 'description', max: searchLimits.description };
  return undefined;
}

const isTexts = (value: TextValue): value is Texts => typeof value === 'object' && !Array.isArray(value);

/** The fields of an array's items: one text, or the keys their objects share (the first item's order). */
function itemField(ns: string, key: string, items: readonly TextValue[], readOnly: boolean): EditorField | null {
  if (items.every((item) => typeof item === 'string')) {
    const long = items.some((item) => (item as string).length > oneLine);
    return textField(ns, key, 'text', long ? 'long' : 'short', readOnly);
  }
  if (items.every(isTexts)) {
    const keys = Object.keys(items[0] ?? {});
    const same = items.every((item) => Object.keys(item).join() === keys.join());
    if (!same) return null;
    return {
      name: 'item',
      label: fieldLabel('items'),
      widget: 'object',
      i18n: true,
      fields: keys.map((name) =>
        fieldOf(
          ns,
          `${key}.${name}`,
          name,
          items.map((item) => (item as Texts)[name] ?? ''),
          readOnly,
        ),
      ),
    };
  }
  return null;
}

function textField(ns: string, key: string, name: string, size: 'short' | 'long', readOnly: boolean): EditorField {
  if (readOnly) return { name, label: fieldLabel(name), widget: 'shown', i18n: true, required: false };
  const limit = limitOf(key);
  return {
    name,
    label: fieldLabel(name),
    widget: size === 'short' ? 'guarded-string' : 'guarded-text',
    i18n: true,
    guard: { ns, key, ...(limit ? { limit } : {}) },
    ...(limit ? { hint: `Höchstens ${limit.max} Zeichen, wie Suchmaschinen sie zeigen.` } : {}),
  };
}

/**
 * The field of `value` at `key`. `samples` are the values the field takes in German: one for a
 * plain key, one per item for the keys of a list's items.
 */
function fieldOf(ns: string, key: string, name: string, samples: readonly TextValue[], readOnly: boolean): EditorField {
  const [first] = samples;
  if (samples.every((sample) => typeof sample === 'string')) {
    const long = samples.some((sample) => (sample as string).length > oneLine || (sample as string).includes('\n'));
    return textField(ns, key, name, long ? 'long' : 'short', readOnly);
  }
  if (samples.every(Array.isArray)) {
    const items = samples.flatMap((sample) => sample as readonly TextValue[]);
    const field = itemField(ns, key, items, readOnly);
    // Items that are objects: Decap's list takes their fields as its own (`fields`); a text: `field`.
    if (field?.widget === 'object') {
      return { name, label: fieldLabel(name), widget: 'list', i18n: true, fields: field.fields ?? [] };
    }
    if (field) return { name, label: fieldLabel(name), widget: 'list', i18n: true, field };
  } else if (first !== undefined && samples.every(isTexts)) {
    const keys = Object.keys(first);
    return {
      name,
      label: fieldLabel(name),
      widget: 'object',
      i18n: true,
      collapsed: key.split('.').length > 1,
      fields: keys.map((child) =>
        fieldOf(
          ns,
          `${key}.${child}`,
          child,
          samples.map((sample) => (sample as Texts)[child] ?? ''),
          readOnly,
        ),
      ),
    };
  }
  // A shape the editor cannot give inputs to (a list of lists, items of different shapes): shown, kept as it is.
  return { name, label: fieldLabel(name), widget: 'shown', i18n: true, required: false };
}

/** The fields of a namespace, from its German file. */
export function namespaceFields(ns: string, german: Texts, readOnly = false): EditorField[] {
  return Object.entries(german).map(([key, value]) => fieldOf(ns, key, key, [value], readOnly));
}

/** The German name of a namespace: its page's name where it is a page, else a short description. */
function namespaceLabel(ns: string, published: PublishedTexts): string {
  const own: Record<string, string> = {
    carousel: 'Bildkarussell',
    common: 'Navigation, Fußzeile und allgemeine Texte',
    consent: 'Cookie-Banner und Cookie-Einstellungen',
    'contact-form': 'Kontaktformular',
    mail: 'E-Mails',
    newsletter: 'Newsletter-Anmeldung',
    pictures: 'Bildbeschreibungen der Seitenköpfe',
  };
  const pages = published[defaultLanguage].common?.pages;
  const page = pages && isTexts(pages) ? pages[ns] : undefined;
  return own[ns] ?? (typeof page === 'string' ? page.replaceAll('\u00ad', '') : ns);
}

/** The groups with every namespace in one: those no group names go to "Weitere Texte". */
export function groupsOf(namespaces: readonly string[]): EditorGroup[] {
  const named = new Set(editorGroups.flatMap((group) => group.namespaces));
  const rest = namespaces.filter((ns) => !named.has(ns));
  const groups = editorGroups.map((group) => ({
    ...group,
    namespaces: group.namespaces.filter((ns) => namespaces.includes(ns)),
  }));
  return [...groups, ...(rest.length ? [{ ...otherTextsGroup, namespaces: rest }] : [])].filter(
    (group) => group.namespaces.length > 0,
  );
}

/** One collection per group, one entry per namespace, German, English and French side by side. */
export function textCollections(published: PublishedTexts): object[] {
  const namespaces = Object.keys(published[defaultLanguage]).sort();
  return groupsOf(namespaces).map((group) => ({
    name: group.name,
    label: group.label,
    ...(group.description ? { description: group.description } : {}),
    format: 'json',
    i18n: true,
    editor: { preview: true },
    files: group.namespaces.map((ns) => ({
      name: ns,
      label: namespaceLabel(ns, published),
      file: namespaceEntryPath(ns),
      i18n: true,
      fields: namespaceFields(ns, published[defaultLanguage][ns] ?? {}, group.readOnly),
    })),
  }));
}

/** Where the company's facts are (common/company.ts reads them). */
export const companyFactsFile = 'common/company.json';

/** "Firmendaten": the company's facts, one form made from their schema (common/company-facts.ts). */
export function companyCollection(): object {
  return {
    name: 'company',
    label: 'Firmendaten',
    description:
      'Anschrift, Telefon, E-Mail-Adressen, Registerdaten, Geschäftsführung und soziale Netzwerke: an einer Stelle gepflegt, in jedem Text und jeder Sprache verwendet, die sie nennt.',
    format: 'json',
    editor: { preview: false },
    files: [
      { name: 'company', label: 'Firmendaten', file: companyFactsFile, fields: schemaFields(companyFactsSchema) },
    ],
  };
}

/** Larger uploads are refused before they leave the browser: a camera's JPEG is 25 MB at most. */
export const maxPictureBytes = 25_000_000;

/** Each group of pictures: its label, and where its alt texts are (by the picture's id). */
const pictureGroupTexts: Record<PictureGroup, { label: string; ns: string; alt: (id: string) => string }> = {
  slides: { label: 'Startseite: Bildkarussell', ns: 'carousel', alt: (id) => `slides.${id}.alt` },
  imports: { label: 'Leistungen: Galerie der Importwaren', ns: 'services', alt: (id) => `imports.items.${id}.alt` },
  exports: { label: 'Leistungen: Galerie der Exportwaren', ns: 'services', alt: (id) => `exports.items.${id}.alt` },
  pageHeaders: { label: 'Bilder neben dem Seitentitel', ns: 'pictures', alt: (id) => `pageHeader.${id}` },
};

/** Where a group's alt texts are edited, in German, for the hint. */
const altTextHint =
  'Die Bildbeschreibung (für Screenreader und Suchmaschinen) steht in drei Sprachen bei den Texten der Seite: Startseite › Bildkarussell, Leistungen › Leistungen, Weitere Seiten › Bildbeschreibungen der Seitenköpfe. Beschreiben Sie dort das neue Bild.';

/** "Bilder": which file each picture shows, its credit and focal point (src/content/picture-data.ts). */
export function picturesCollection(
  pictures: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  published: PublishedTexts,
): object {
  const german = published[defaultLanguage];
  const entryFields = schemaFields(pictureEntrySchema).map((field): SchemaField =>
    field.name === 'file'
      ? {
          ...field,
          widget: 'image',
          media_folder: `/${pictureImagesDir}`,
          public_folder: '',
          choose_url: false,
          // Decap's default media library reads its limit from the field's media_library.config.
          media_library: { config: { max_file_size: maxPictureBytes } },
          hint: `${field.hint ?? ''} Höchstens ${maxPictureBytes / 1_000_000} MB; SVG-Dateien nimmt die Redaktion nicht an.`,
        }
      : field,
  );
  const fields = (Object.keys(pictureGroups) as PictureGroup[]).map((group) => {
    const texts = pictureGroupTexts[group];
    return {
      name: group,
      label: texts.label,
      widget: 'object',
      collapsed: true,
      fields: Object.keys(pictures[group] ?? {}).map((id) => {
        const alt = textAtKey(german[texts.ns], texts.alt(id));
        return {
          name: id,
          label: typeof alt === 'string' ? alt : id,
          widget: 'object',
          collapsed: true,
          fields: entryFields,
        };
      }),
    };
  });
  return {
    name: 'pictures',
    label: 'Bilder',
    description: `Fotos und Illustrationen der Seiten: ein Bild hochladen, den Bildnachweis und die Bildmitte angeben. ${altTextHint}`,
    format: 'json',
    editor: { preview: false },
    files: [{ name: 'pictures', label: 'Bilder', file: pictureDataFile, fields }],
  };
}

const textAtKey = (texts: Texts | undefined, key: string): TextValue | undefined =>
  key.split('.').reduce<TextValue | undefined>((node, part) => (node && isTexts(node) ? node[part] : undefined), texts);

/** The whole configuration Decap starts with (`CMS.init({ config })`). */
export function cmsConfig(
  settings: CmsSettings,
  published: PublishedTexts,
  pictures: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  more: object[] = [],
): object {
  return {
    load_config_file: false,
    backend: { ...decapBackend(settings), commit_messages: commitMessages },
    publish_mode: 'editorial_workflow',
    locale: defaultLanguage,
    media_folder: 'src/content/images',
    i18n: { structure: 'single_file', locales: [...languageCodes], default_locale: defaultLanguage },
    // The site's own address for Decap's "view live" links is unknown here; none is better than a wrong one.
    show_preview_links: false,
    collections: [
      ...textCollections(published),
      picturesCollection(pictures, published),
      companyCollection(),
      newsCollection(maxPictureBytes),
      ...more,
    ],
  };
}
