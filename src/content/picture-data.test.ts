import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { readNamespace, textAt } from '../test/locale-files';
import { pictureDataFile, pictureDataSchema, pictureGroups, pictureImagesDir, type PictureGroup } from './picture-data';

const root = path.resolve(import.meta.dirname, '../..');
const data = () =>
  JSON.parse(readFileSync(path.join(root, pictureDataFile), 'utf8')) as Record<
    PictureGroup,
    Record<string, { file: string }>
  >;
const problems = (value: unknown) =>
  pictureDataSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

/** Where each group's alt texts are, in every language's locale files. */
const altTexts: Record<PictureGroup, { ns: string; key: (id: string) => string; ids: string }> = {
  slides: { ns: 'carousel', key: (id) => `slides.${id}.alt`, ids: 'slides' },
  imports: { ns: 'services', key: (id) => `imports.items.${id}.alt`, ids: 'imports.items' },
  exports: { ns: 'services', key: (id) => `exports.items.${id}.alt`, ids: 'exports.items' },
  pageHeaders: { ns: 'pictures', key: (id) => `pageHeader.${id}`, ids: 'pageHeader' },
};

describe('the pictures (src/content/pictures.json)', () => {
  it('are what their schema says', () => {
    expect(problems(data())).toEqual([]);
  });

  it('name files that are in src/content/images', () => {
    const missing = Object.values(data())
      .flatMap((group) => Object.values(group))
      .filter((entry) => !existsSync(path.join(root, pictureImagesDir, entry.file)))
      .map((entry) => entry.file);
    expect(missing).toEqual([]);
  });

  for (const group of Object.keys(pictureGroups) as PictureGroup[]) {
    it(`${group}: each picture has its alt text in every language, and each alt text its picture`, () => {
      const { ns, key, ids } = altTexts[group];
      const pictures = Object.keys(data()[group]).sort();
      expect(Object.keys(textAt(readNamespace(defaultLanguage, ns), ids) as object).sort()).toEqual(pictures);
      for (const lng of languageCodes) {
        for (const id of pictures) {
          const alt = textAt(readNamespace(lng, ns), key(id));
          expect(typeof alt === 'string' && alt.trim() !== '', `${lng}/${ns}.json ${key(id)}`).toBe(true);
        }
      }
    });
  }

  it('refuse what an editor could get wrong, in German', () => {
    const bad = structuredClone(data()) as Record<string, Record<string, Record<string, unknown>>>;
    const slides = bad.slides ?? {};
    slides.harvest = { file: '../../etc/passwd', credit: '<b>x</b>', focus: { x: 150, y: 50 } };
    expect(problems(bad)).toEqual([
      'slides.harvest.file: Bild: eine Datei in src/content/images (JPEG, PNG, WebP oder AVIF).',
      'slides.harvest.credit: Bildnachweis: spitze oder geschweifte Klammern sind hier nicht erlaubt.',
      'slides.harvest.focus.x: Waagerecht (%): zwischen 0 und 100.',
    ]);
  });
});
