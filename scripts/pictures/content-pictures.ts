/**
 * `import { slides } from 'virtual:content-pictures'`: the pictures of src/content/pictures.json
 * (src/content/picture-data.ts), checked against their schema, each file imported with its group's
 * layout and focal point (`?picture=gallery&focus=30,60`) so the pictures plugin makes it like
 * every other picture. A bad entry stops the build, naming it and what to do.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pictureDataFile, pictureDataSchema, pictureGroups, pictureImagesDir } from '../../src/content/picture-data.ts';
import { PictureError } from './picture-source.ts';

export const contentPicturesModule = 'virtual:content-pictures';

/** The module's code: an import per picture, and each group with each file replaced by its picture. */
export async function contentPicturesCode(root: string): Promise<string> {
  const file = path.join(root, pictureDataFile);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new PictureError(`${pictureDataFile}: cannot be read as JSON (${(error as Error).message})`);
  }
  const result = pictureDataSchema.safeParse(parsed);
  if (!result.success) {
    const [issue] = result.error.issues;
    throw new PictureError(`${pictureDataFile} ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is not valid'}`);
  }
  const imports: string[] = [];
  const groups = Object.entries(result.data).map(([group, entries]) => {
    const layout = pictureGroups[group as keyof typeof pictureGroups];
    const items = Object.entries(entries).map(([id, entry]) => {
      const name = `picture${imports.length}`;
      const source = `${path.join(root, pictureImagesDir, entry.file)}?picture=${layout}&focus=${entry.focus.x},${entry.focus.y}`;
      imports.push(`import ${name} from ${JSON.stringify(source)};`);
      return `${JSON.stringify(id)}: { image: ${name}, credit: ${JSON.stringify(entry.credit)} }`;
    });
    return `export const ${group} = { ${items.join(', ')} };`;
  });
  // One export per group: a page that shows the slides does not carry the galleries' pictures.
  return [...imports, ...groups].join('\n');
}
