/**
 * What the editor checks of the pictures before a save leaves the browser (src/content/pictures.json):
 * each file named by its name alone, as the data keeps it (Decap names an upload by its path),
 * the data's schema, and no SVG newly chosen: SVG uploads stay closed until the build's SVG check
 * is an XML sanitizer (scripts/pictures/picture-source.ts). A photograph's content (its format
 * against its name, its pixels) is checked by the build, which the checks of every change run.
 */
import { pictureDataSchema } from '../content/picture-data';
import { schemaProblems } from './schema-fields';

/** The part of Decap's Immutable map the check uses. */
interface EntryData {
  toJS(): unknown;
  setIn(path: string[], value: unknown): EntryData;
}

type Pictures = Readonly<Record<string, Readonly<Record<string, { file?: unknown }>>>>;

export function checkedPictures(data: EntryData, published: Pictures): { data: EntryData; problems: string[] } {
  let checked = data;
  const plain = data.toJS() as Pictures;
  const problems: string[] = [];
  for (const [group, entries] of Object.entries(plain)) {
    for (const [id, entry] of Object.entries(entries)) {
      if (typeof entry.file !== 'string') continue;
      const name = entry.file.split('/').pop() ?? '';
      if (name !== entry.file) checked = checked.setIn([group, id, 'file'], name);
      if (/\.svg$/i.test(name) && published[group]?.[id]?.file !== name) {
        problems.push(
          `${name}: SVG-Dateien nimmt die Redaktion nicht an, weil die Website sie noch nicht sicher genug prüfen kann. Laden Sie das Bild als JPEG, PNG, WebP oder AVIF hoch.`,
        );
      }
    }
  }
  return { data: checked, problems: [...problems, ...schemaProblems(pictureDataSchema, checked.toJS())] };
}
