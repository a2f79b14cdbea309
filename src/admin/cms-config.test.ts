import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLanguage, languageCodes, type Language } from '../../common/languages';
import { namespacesOf, readNamespace } from '../test/locale-files';
import pictureData from '../content/pictures.json';
import { cmsConfig, namespaceEntryPath, type EditorField, type PublishedTexts, type Texts } from './cms-config';
import { editorGroups } from './editor-groups';

const root = path.resolve(import.meta.dirname, '../..');

const published = Object.fromEntries(
  languageCodes.map((lng) => [
    lng,
    Object.fromEntries(namespacesOf(lng).map((ns) => [ns, readNamespace(lng, ns) as Texts])),
  ]),
) as PublishedTexts;

const settings = {
  backend: 'proxy',
  repository: null,
  branch: 'main',
  authUrl: null,
  apiUrl: 'http://127.0.0.1:8081/api/v1',
  appId: null,
} as const;

interface Collection {
  name: string;
  files?: { name: string; file: string; fields: EditorField[] }[];
}

/** The keys a field names, dotted; a list's items as `key[]`. */
function configKeys(fields: readonly EditorField[], prefix = ''): string[] {
  return fields.flatMap((field) => {
    const key = prefix ? `${prefix}.${field.name}` : field.name;
    if (field.widget === 'object') return configKeys(field.fields ?? [], key);
    // Shown as it is (a shape without inputs): stands for everything under it.
    if (field.widget === 'shown') return [`${key}*`];
    if (field.widget === 'list') return field.fields ? configKeys(field.fields, `${key}[]`) : [`${key}[]`];
    return [key];
  });
}

/** The keys a file has, dotted; an array's items as `key[]`, as the editor names them. */
function fileKeys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string')) return [`${prefix}[]`];
    return [...new Set(value.flatMap((item) => fileKeys(item, `${prefix}[]`)))];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => fileKeys(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

/** Whether a configured key stands for a file's key: itself, or a shown field (`key*`) for what is under it. */
function covers(configured: string, key: string): boolean {
  if (!configured.endsWith('*')) return configured === key;
  const stem = configured.slice(0, -1);
  return key === stem || (key.startsWith(stem) && /^[.[]/.test(key.slice(stem.length)));
}

/** Where a configuration and the locale files disagree, as lines a developer can act on. */
function disagreements(collections: readonly Collection[], files: PublishedTexts): string[] {
  const entries = collections.flatMap((collection) => collection.files ?? []);
  const lines: string[] = [];
  for (const ns of Object.keys(files[defaultLanguage])) {
    const entry = entries.find((candidate) => candidate.file === namespaceEntryPath(ns));
    if (!entry) {
      lines.push(`${ns}: no entry in the editor`);
      continue;
    }
    const configured = configKeys(entry.fields);
    const present = fileKeys(files[defaultLanguage][ns]);
    for (const key of present) {
      if (!configured.some((field) => covers(field, key))) lines.push(`${ns}.json ${key}: missing from the editor`);
    }
    for (const field of configured) {
      if (!present.some((key) => covers(field, key))) lines.push(`${ns}.json ${field}: in the editor, not in the file`);
    }
  }
  return lines;
}

const collectionsOf = (texts: PublishedTexts) =>
  (cmsConfig(settings, texts, pictureData) as { collections: Collection[] }).collections;

describe('the editor’s configuration is made from the locale files', () => {
  const collections = collectionsOf(published);

  it('has every key of every namespace, and no key the files lack', () => {
    expect(disagreements(collections, published)).toEqual([]);
  });

  it('gives every text outside the legal pages an input (none only shown)', () => {
    const readOnly = new Set(editorGroups.filter((group) => group.readOnly).map((group) => group.name));
    const shown = collections
      .filter((collection) => !readOnly.has(collection.name))
      .flatMap((collection) => collection.files ?? [])
      .flatMap((entry) => (JSON.stringify(entry.fields).includes('"widget":"shown"') ? [entry.name] : []));
    expect(shown).toEqual([]);
  });

  it('puts each namespace in one group, one entry each', () => {
    const entries = collections
      .flatMap((collection) => collection.files ?? [])
      .filter((entry) => entry.file === namespaceEntryPath(entry.name))
      .map((entry) => entry.name);
    expect(entries.sort()).toEqual(namespacesOf(defaultLanguage).sort());
  });

  it('would fail for a key missing from the configuration, and for one the files do not have', () => {
    const withExtra = (lng: Language) => ({ ...published[lng], about: { ...published[lng].about, extra: { x: 'y' } } });
    const grown = Object.fromEntries(languageCodes.map((lng) => [lng, withExtra(lng)])) as unknown as PublishedTexts;
    // The configuration of today's files against files with a new key, and the other way round.
    expect(disagreements(collections, grown)).toEqual(['about.json extra.x: missing from the editor']);
    expect(disagreements(collectionsOf(grown), published)).toEqual([
      'about.json extra.x: in the editor, not in the file',
    ]);
    // Made from the grown files, the configuration has the new key without a second definition.
    expect(disagreements(collectionsOf(grown), grown)).toEqual([]);
  });

  it('has every company fact, from their schema, and no other', () => {
    const company = collections.find((collection) => collection.name === 'company')?.files?.[0];
    expect(company?.file).toBe('common/company.json');
    const facts = JSON.parse(readFileSync(path.join(root, 'common/company.json'), 'utf8')) as object;
    // A fact that may be null (no data-protection officer named) is edited as its fields.
    const filled = { ...facts, dataProtectionOfficer: { name: '', email: '' } };
    expect(configKeys(company?.fields ?? []).sort()).toEqual(fileKeys(filled).sort());
  });

  it('has every picture of src/content/pictures.json, labelled with its German alt text, with its schema’s fields', () => {
    const pictures = collections.find((collection) => collection.name === 'pictures')?.files?.[0];
    expect(pictures?.file).toBe('src/content/pictures.json');
    expect(configKeys(pictures?.fields ?? []).sort()).toEqual(fileKeys(pictureData).sort());
    const cocoa = pictures?.fields
      .find((field) => field.name === 'imports')
      ?.fields?.find((field) => field.name === 'cocoa');
    expect(cocoa?.label).toBe(
      (published.de.services?.imports as { items: { cocoa: { alt: string } } }).items.cocoa.alt,
    );
    expect(cocoa?.fields?.find((field) => field.name === 'file')?.widget).toBe('image');
  });

  it('limits the page titles and descriptions to what search results show', () => {
    const about = collections.flatMap((collection) => collection.files ?? []).find((entry) => entry.name === 'about');
    const meta = about?.fields.find((field) => field.name === 'meta');
    expect(meta?.fields?.map((field) => field.guard?.limit)).toEqual([
      { kind: 'title', max: 47 },
      { kind: 'description', max: 160 },
    ]);
  });
});
