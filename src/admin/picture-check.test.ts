import { describe, expect, it } from 'vitest';
import pictureData from '../content/pictures.json';
import { checkedPictures } from './picture-check';

/** Decap's Immutable map, as much of it as the check uses. */
function entryData(value: unknown) {
  const data = {
    value: structuredClone(value) as Record<string, Record<string, Record<string, unknown>>>,
    toJS: () => structuredClone(data.value),
    setIn([group = '', id = '', key = '']: string[], next: unknown) {
      const copy = entryData(data.value);
      const entry = copy.value[group]?.[id];
      if (entry) entry[key] = next;
      return copy;
    },
  };
  return data;
}

const withFile = (file: string) => ({
  ...pictureData,
  imports: { ...pictureData.imports, cocoa: { ...pictureData.imports.cocoa, file } },
});

describe('checkedPictures: what the editor refuses of the pictures', () => {
  it('takes an upload by its name alone, as the data keeps files', () => {
    const { data, problems } = checkedPictures(entryData(withFile('/cocoa-harvest.jpg')), pictureData);
    expect(problems).toEqual([]);
    expect((data.toJS() as typeof pictureData).imports.cocoa.file).toBe('cocoa-harvest.jpg');
  });

  it('refuses an SVG newly chosen, saying what to upload instead, and keeps the illustrations there are', () => {
    expect(checkedPictures(entryData(withFile('drawing.svg')), pictureData).problems).toEqual([
      expect.stringContaining('drawing.svg: SVG-Dateien nimmt die Redaktion nicht an'),
    ]);
    expect(checkedPictures(entryData(pictureData), pictureData).problems).toEqual([]);
  });

  it('refuses a name no picture file has, with the schema’s message', () => {
    expect(checkedPictures(entryData(withFile('cocoa.gif')), pictureData).problems).toEqual([
      'Bild: eine Datei in src/content/images (JPEG, PNG, WebP oder AVIF).',
    ]);
  });
});
