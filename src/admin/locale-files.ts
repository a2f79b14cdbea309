/**
 * Decap's file collections know one file per entry (their i18n is `single_file` only:
 * docs/decisions/0057-git-based-cms.md). The site keeps a namespace in three files,
 * src/content/locales/{de,en,fr}/<ns>.json. This wraps a Decap backend so an entry at a virtual
 * path (`src/content/locales/about.json`, which no file has) reads as `{de, en, fr}` from the
 * three files, and saving writes back only the files whose texts changed: keys in the file's own
 * order, French typography fixed, formatted as Prettier formats JSON. A save that meets a change
 * someone else saved meanwhile keeps both when they touched different texts, and is refused,
 * naming the texts, when they touched the same one (the editor keeps the draft). Other JSON files
 * the editor saves (the company's facts, the pictures) keep their key order and Prettier's format.
 */
import { formatJsonFile } from '../../common/json-file';
import { defaultLanguage, languageCodes, type Language } from '../../common/languages';
import { fixTypography } from '../../common/typography';
import {
  newsFileHasTitle,
  newsFilePattern,
  newsFolder,
  prettierNewsFile,
  slugOfNewsFile,
  tidyNewsFile,
} from './news-collection';

/** What Decap's backends (decap-cms-lib-util's Implementation) offer that this uses. */
export interface BackendImplementation {
  getEntry(path: string): Promise<{ data: string; file: { path: string; id?: string | null } }>;
  entriesByFiles(
    files: { path: string; label?: string }[],
  ): Promise<{ data: string; file: { path: string; label?: string } }[]>;
  persistEntry(entry: { dataFiles: DataFile[]; assets: unknown[] }, options: PersistOptions): Promise<unknown>;
  unpublishedEntry(args: { id?: string; collection?: string; slug?: string }): Promise<UnpublishedEntry>;
  unpublishedEntryDataFile(collection: string, slug: string, path: string, id: string): Promise<string>;
}
export interface DataFile {
  path: string;
  slug: string;
  raw: string;
  newPath?: string;
}
export interface PersistOptions {
  useWorkflow?: boolean;
  collectionName?: string;
  [option: string]: unknown;
}
export interface UnpublishedEntry {
  slug: string;
  collection: string;
  diffs: { id: string; path: string; newFile: boolean }[];
  [detail: string]: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A backend class, constructed by Decap with its own arguments (a mixin's base must take any: TypeScript's rule). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type BackendClass = new (...args: any[]) => BackendImplementation;

const virtualPath = /^src\/content\/locales\/([a-z][a-z-]*)\.json$/;
const realPath = /^src\/content\/locales\/([a-z]{2})\/([a-z][a-z-]*)\.json$/;
const fileOf = (lng: Language, ns: string) => `src/content/locales/${lng}/${ns}.json`;

/** `value` with its object keys in the order `like` has them; keys `like` lacks come after, in their own order. */
export function orderLike(value: Json, like: Json | undefined): Json {
  if (Array.isArray(value))
    return value.map((item, index) => orderLike(item, Array.isArray(like) ? like[index] : undefined));
  if (value === null || typeof value !== 'object') return value;
  const template = like !== null && typeof like === 'object' && !Array.isArray(like) ? like : {};
  const keys = [
    ...Object.keys(template).filter((key) => key in value),
    ...Object.keys(value).filter((key) => !(key in template)),
  ];
  return Object.fromEntries(keys.map((key) => [key, orderLike(value[key] ?? null, template[key])]));
}

/** Every string of a value through `fix`. */
function mapStrings(value: Json, fix: (text: string) => string): Json {
  if (typeof value === 'string') return fix(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fix));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, fix)]));
  }
  return value;
}

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** Every text of a value by its dotted key (`a.b[0].c`), for comparing two versions text by text. */
function textsByKey(value: Json | undefined, prefix = '', into = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [`[${index}]`, item] as const)
      : Object.entries(value);
    for (const [key, item] of entries)
      textsByKey(item, prefix && !key.startsWith('[') ? `${prefix}.${key}` : `${prefix}${key}`, into);
    if (Array.isArray(value)) into.set(`${prefix}#length`, value.length);
  } else if (value !== undefined) into.set(prefix, value);
  return into;
}

/**
 * Mine and theirs, both made from `base`: theirs with every text I changed. Null when we changed
 * one text (or a list's length) differently; then `conflicts` names them.
 */
export function mergeTexts(base: Json, mine: Json, theirs: Json): { merged: Json | null; conflicts: string[] } {
  const [b, m, t] = [textsByKey(base), textsByKey(mine), textsByKey(theirs)];
  const keys = new Set([...b.keys(), ...m.keys(), ...t.keys()]);
  const conflicts = [...keys].filter(
    (key) => !same(m.get(key), b.get(key)) && !same(t.get(key), b.get(key)) && !same(m.get(key), t.get(key)),
  );
  if (conflicts.length > 0) return { merged: null, conflicts: conflicts.map((key) => key.replace(/#length$/, '')) };
  if (same(theirs, base)) return { merged: mine, conflicts: [] };
  if (same(mine, base)) return { merged: theirs, conflicts: [] };
  // Both changed, different texts: rebuild from theirs, putting in each text I changed.
  const merged = structuredClone(theirs) as Json;
  for (const [key, value] of m) {
    if (key.endsWith('#length') || same(value, b.get(key))) continue;
    setAt(merged, key, value);
  }
  return { merged, conflicts: [] };
}

function setAt(root: Json, key: string, value: Json): void {
  const parts = [...key.matchAll(/[^.[\]]+|\[(\d+)\]/g)].map((match) =>
    match[1] !== undefined ? Number(match[1]) : match[0],
  );
  let node = root as Record<string | number, Json>;
  for (const [index, part] of parts.entries()) {
    if (index === parts.length - 1) node[part] = value;
    else node = (node[part] ??= typeof parts[index + 1] === 'number' ? [] : {}) as Record<string | number, Json>;
  }
}

export class ConflictError extends Error {
  override name = 'ConflictError';
}

/** A language's name in German, the editor's language: "Französisch". */
const languageName = (lng: Language) => new Intl.DisplayNames([defaultLanguage], { type: 'language' }).of(lng) ?? lng;

/** A backend class whose entries at a namespace's virtual path are made of its three language files. */
export function withLocaleFiles<Base extends BackendClass>(Backend: Base) {
  return class LocaleFiles extends Backend {
    /** What this editor last read or wrote of each file, by its path: the base of a later save. */
    readonly #loaded = new Map<string, Json>();

    async #readNamespace(ns: string, read: (path: string) => Promise<string>): Promise<Record<Language, Json>> {
      const files = await Promise.all(
        languageCodes.map(async (lng) => JSON.parse(await read(fileOf(lng, ns))) as Json),
      );
      const texts = Object.fromEntries(languageCodes.map((lng, index) => [lng, files[index] ?? {}])) as Record<
        Language,
        Json
      >;
      for (const lng of languageCodes) this.#loaded.set(fileOf(lng, ns), texts[lng]);
      return texts;
    }

    override async getEntry(path: string) {
      const ns = virtualPath.exec(path)?.[1];
      if (!ns) return super.getEntry(path);
      const texts = await this.#readNamespace(ns, async (file) => (await super.getEntry(file)).data);
      return { data: JSON.stringify(texts), file: { path, id: null } };
    }

    override async entriesByFiles(files: { path: string; label?: string }[]) {
      return Promise.all(
        files.map(async (file) =>
          virtualPath.test(file.path)
            ? { ...(await this.getEntry(file.path)), file }
            : ((await super.entriesByFiles([file]))[0] ?? { data: '', file }),
        ),
      );
    }

    override async unpublishedEntry(args: { id?: string; collection?: string; slug?: string }) {
      const entry = await super.unpublishedEntry(args);
      const diffs: UnpublishedEntry['diffs'] = [];
      const changed = new Map<string, Record<string, string>>();
      for (const diff of entry.diffs) {
        const [, lng, ns] = realPath.exec(diff.path) ?? [];
        if (!lng || !ns) diffs.push(diff);
        else changed.set(ns, { ...changed.get(ns), [lng]: diff.id });
      }
      for (const [ns, ids] of changed)
        diffs.push({ path: `src/content/locales/${ns}.json`, id: JSON.stringify(ids), newFile: false });
      return { ...entry, diffs };
    }

    override async unpublishedEntryDataFile(collection: string, slug: string, path: string, id: string) {
      const ns = virtualPath.exec(path)?.[1];
      if (!ns) return super.unpublishedEntryDataFile(collection, slug, path, id);
      const ids = JSON.parse(id) as Record<string, string>;
      const texts = await this.#readNamespace(ns, async (file) => {
        const lng = realPath.exec(file)?.[1] ?? '';
        const fileId = ids[lng];
        return fileId !== undefined
          ? super.unpublishedEntryDataFile(collection, slug, file, fileId)
          : (await super.getEntry(file)).data;
      });
      return JSON.stringify(texts);
    }

    /** The files as they are now where this save goes: the entry's branch if it has one, else the published ones. */
    async #current(ns: string, slug: string, options: PersistOptions): Promise<Map<string, Json>> {
      const read = new Map<string, Json>();
      let ids: Record<string, string> = {};
      if (options.useWorkflow && options.collectionName) {
        try {
          const entry = await super.unpublishedEntry({ collection: options.collectionName, slug });
          for (const diff of entry.diffs) {
            const [, lng, diffNs] = realPath.exec(diff.path) ?? [];
            if (lng && diffNs === ns) ids = { ...ids, [lng]: diff.id };
          }
        } catch {
          // No branch yet: the published files are what this save changes.
        }
      }
      for (const lng of languageCodes) {
        const file = fileOf(lng, ns);
        const id = ids[lng];
        const raw =
          id !== undefined && options.collectionName
            ? await super.unpublishedEntryDataFile(options.collectionName, slug, file, id)
            : (await super.getEntry(file)).data;
        read.set(file, JSON.parse(raw) as Json);
      }
      return read;
    }

    /** A JSON data file (the company's facts, the pictures) with its keys in the file's order, as Prettier writes it. */
    async #asTheFileIs(dataFile: DataFile): Promise<DataFile> {
      const current = await super.getEntry(dataFile.path).then(
        (entry) => JSON.parse(entry.data) as Json,
        () => undefined,
      );
      return { ...dataFile, raw: formatJsonFile(orderLike(JSON.parse(dataFile.raw) as Json, current)) };
    }

    /**
     * A news entry's files as the build takes them: without the languages it is not written in,
     * without empty optional fields; and the list of every slug ever given (slugs.json) with the
     * entry's slugs, so a changed address redirects (docs/news.md). Changes `dataFiles` in place;
     * returns the list to save with them, if it changed.
     */
    async #newsFiles(dataFiles: DataFile[]): Promise<DataFile[]> {
      const news = dataFiles.filter((file) => newsFilePattern.test(file.newPath ?? file.path));
      if (news.length === 0) return [];
      for (const file of news) {
        const at = dataFiles.indexOf(file);
        const [, lng] = newsFilePattern.exec(file.newPath ?? file.path) ?? [];
        if (lng !== defaultLanguage && !newsFileHasTitle(file.raw)) dataFiles.splice(at, 1);
        else dataFiles[at] = { ...file, raw: await prettierNewsFile(tidyNewsFile(file.raw)) };
      }
      const slugsFile = `${newsFolder}/slugs.json`;
      const recorded = await super.getEntry(slugsFile).then(
        (entry) => JSON.parse(entry.data) as Record<string, Record<string, string>>,
        () => ({}) as Record<string, Record<string, string>>,
      );
      const record = structuredClone(recorded);
      for (const file of dataFiles) {
        const [, lng, id] = newsFilePattern.exec(file.newPath ?? file.path) ?? [];
        const slug = slugOfNewsFile(file.raw);
        if (!lng || !id || !slug || record[lng]?.[slug] === id) continue;
        record[lng] = { ...record[lng], [slug]: id };
      }
      if (same(record as Json, recorded as Json)) return [];
      // As npm run news:slugs writes it: the languages in their order, each one's slugs sorted.
      const ordered = Object.fromEntries(
        languageCodes
          .filter((lng) => record[lng])
          .map((lng) => [
            lng,
            Object.fromEntries(Object.entries(record[lng] ?? {}).sort(([a], [b]) => a.localeCompare(b))),
          ]),
      );
      return [{ path: slugsFile, slug: news[0]?.slug ?? 'slugs', raw: formatJsonFile(ordered) }];
    }

    override async persistEntry(entry: { dataFiles: DataFile[]; assets: unknown[] }, options: PersistOptions) {
      const dataFiles: DataFile[] = [];
      const written = new Map<string, Json>();
      for (const dataFile of entry.dataFiles) {
        const ns = virtualPath.exec(dataFile.path)?.[1];
        if (!ns) {
          dataFiles.push(dataFile.path.endsWith('.json') ? await this.#asTheFileIs(dataFile) : dataFile);
          continue;
        }
        const mine = JSON.parse(dataFile.raw) as Record<string, Json>;
        const current = await this.#current(ns, dataFile.slug, options);
        const conflicts: string[] = [];
        for (const lng of languageCodes) {
          const file = fileOf(lng, ns);
          const theirs = current.get(file) ?? null;
          const base = this.#loaded.get(file) ?? theirs;
          const edited = mapStrings(mine[lng] ?? {}, (text) => fixTypography(lng, text));
          const { merged, conflicts: clashing } = mergeTexts(base, edited, theirs);
          conflicts.push(...clashing.map((key) => `${key} (${languageName(lng)})`));
          if (merged === null || same(merged, theirs)) continue;
          const ordered = orderLike(merged, theirs);
          written.set(file, ordered);
          dataFiles.push({ path: file, slug: dataFile.slug, raw: formatJsonFile(ordered) });
        }
        if (conflicts.length > 0) {
          throw new ConflictError(
            `Jemand anderes hat inzwischen dieselben Texte geändert und gespeichert: ${conflicts.join(', ')}. ` +
              'Ihre Eingaben bleiben hier stehen. Öffnen Sie den Eintrag in einem neuen Fenster, übernehmen Sie, was bleiben soll, und speichern Sie dann.',
          );
        }
      }
      dataFiles.push(...(await this.#newsFiles(dataFiles)));
      if (dataFiles.length === 0 && entry.assets.length === 0) return undefined;
      const result = await super.persistEntry({ ...entry, dataFiles }, options);
      for (const [file, value] of written) this.#loaded.set(file, value);
      return result;
    }
  };
}
