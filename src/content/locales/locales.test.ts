import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLanguage, languageCodes } from '../../../common/languages';

const localesDir = path.resolve(import.meta.dirname);

type Tree = { [key: string]: Tree | string | Tree[] | string[] };

function leafPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, `${prefix}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function leaves(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [String(value)];
}

const read = (lng: string, file: string) => JSON.parse(readFileSync(path.join(localesDir, lng, file), 'utf8')) as Tree;
const namespaces = readdirSync(path.join(localesDir, defaultLanguage)).filter((file) => file.endsWith('.json'));
const interpolations = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('translation parity (German is the source of keys)', () => {
  // A language's translations are shown only once common/languages.ts lists it.
  it('has translations only for the languages of the registry', () => {
    const folders = readdirSync(localesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(
      folders
        .filter((folder) => !(languageCodes as readonly string[]).includes(folder))
        .map((folder) => `src/content/locales/${folder}/ has no entry in common/languages.ts`),
    ).toEqual([]);
  });

  it('has the same namespace files in every language', () => {
    for (const lng of languageCodes) {
      const files = existsSync(path.join(localesDir, lng))
        ? readdirSync(path.join(localesDir, lng)).filter((f) => f.endsWith('.json'))
        : [];
      expect(
        namespaces
          .filter((file) => !files.includes(file))
          .map((file) => `src/content/locales/${lng}/${file} is missing`),
      ).toEqual([]);
      expect(
        files
          .filter((file) => !namespaces.includes(file))
          .map((file) => `${lng}/${file}: no ${defaultLanguage}/${file}`),
      ).toEqual([]);
    }
  });

  for (const file of namespaces) {
    const source = read(defaultLanguage, file);
    for (const lng of languageCodes.filter((code) => code !== defaultLanguage)) {
      it(`${lng}/${file} has exactly the keys of ${defaultLanguage}/${file}`, () => {
        const target = read(lng, file);
        expect(leafPaths(target).sort()).toEqual(leafPaths(source).sort());
      });

      it(`${lng}/${file} keeps every {{placeholder}} of ${defaultLanguage}/${file}`, () => {
        const target = read(lng, file);
        const sourcePaths = leafPaths(source);
        const sourceLeaves = leaves(source);
        const targetLeaves = leaves(target);
        const targetByPath = new Map(leafPaths(target).map((key, index) => [key, targetLeaves[index] ?? '']));
        sourcePaths.forEach((key, index) => {
          expect(interpolations(targetByPath.get(key) ?? ''), `${lng}/${file} ${key}`).toEqual(
            interpolations(sourceLeaves[index] ?? ''),
          );
        });
      });
    }
  }

  it('has no empty texts', () => {
    for (const lng of languageCodes) {
      for (const file of namespaces) {
        for (const text of leaves(read(lng, file))) expect(text.trim(), `${lng}/${file}`).not.toBe('');
      }
    }
  });
});
