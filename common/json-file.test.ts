import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { formatJsonFile } from './json-file';

const root = path.resolve(import.meta.dirname, '..');
const localesDir = path.join(root, 'src/content/locales');

/** The JSON files the editor writes: every locale file (and, once there, the facts and pictures). */
const files = readdirSync(localesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(path.join(localesDir, entry.name))
      .filter((file) => file.endsWith('.json'))
      .map((file) => path.join(localesDir, entry.name, file)),
  );

async function prettier(text: string, file = path.join(root, 'x.json')): Promise<string> {
  return format(text, { ...(await resolveConfig(file)), filepath: file });
}

const long = (n: number) => 'x'.repeat(n);

/** Shapes at Prettier's edges: arrays that just fit or just do not, nested arrays, empty values, odd characters. */
const shapes: Record<string, unknown> = {
  'short array': { a: ['x', 'y'], b: [], c: {} },
  'array at 120 columns': { key: [long(50), long(53)] },
  'array at 121 columns': { key: [long(50), long(54)] },
  'array at 120 columns and its comma': { key: [long(50), long(53)], next: 1 },
  'nested arrays': {
    rows: [['a', 'b'], ['c'], []],
    pairs: [
      ['a', 'b'],
      ['c', 'd'],
    ],
  },
  'long nested arrays': {
    rows: [
      [long(60), long(60)],
      ['c', 'd'],
    ],
  },
  'objects in arrays': { items: [{ title: 'a' }, { title: 'b', text: 'c' }], one: [{ a: 1 }] },
  scalars: { n: 18, f: 0.5, t: true, nil: null, neg: -3 },
  characters: { nbsp: 'a\u00a0b', shy: 'Bewerbungs\u00adprozess', quote: 'say "hi"', slash: 'a\\b', nl: 'a\nb' },
  deep: { a: { b: { c: { d: { e: { f: ['one', 'two'] } } } } } },
};

describe('formatJsonFile writes JSON as Prettier does', () => {
  it(`finds the locale files (${files.length})`, () => {
    expect(files.length).toBeGreaterThanOrEqual(72);
  });

  it('leaves every locale file as Prettier would write its content', async () => {
    const differing: string[] = [];
    for (const file of files) {
      const written = formatJsonFile(JSON.parse(readFileSync(file, 'utf8')));
      if ((await prettier(written, file)) !== written) differing.push(path.relative(root, file));
    }
    expect(differing).toEqual([]);
  });

  for (const [name, value] of Object.entries(shapes)) {
    it(`writes ${name} as Prettier does`, async () => {
      const written = formatJsonFile(value);
      expect(written).toBe(await prettier(written));
      expect(JSON.parse(written)).toEqual(value);
    });
  }
});
