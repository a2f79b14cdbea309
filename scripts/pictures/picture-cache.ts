/**
 * The build's cache of made pictures: one folder per key (the source's bytes, what is made of
 * them and how), holding the files and an index. An unchanged picture is read back, not made again.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export interface MadeFile {
  /** Name under assets/, with the hash of its content. */
  fileName: string;
  bytes: Buffer;
}

/** Where the cache lives: PICTURE_CACHE_DIR, or node_modules/.cache/pictures in the project. */
export function pictureCacheDir(root: string): string {
  return process.env.PICTURE_CACHE_DIR ?? path.join(root, 'node_modules/.cache/pictures');
}

/** Made pictures differ when sharp or libvips do: their versions are part of every key. */
const toolVersions = `${sharp.versions.sharp ?? ''}/${sharp.versions.vips}`;

export function cacheKey(source: Buffer, recipe: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([toolVersions, recipe]))
    .update(source)
    .digest('hex')
    .slice(0, 40);
}

/** A short hash of a file's content for its name, as Vite names assets. */
export function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 8);
}

/**
 * The files and description stored under `key`, or made by `make` and stored. A folder is
 * written whole and then renamed into place, so a build stopped halfway leaves no half entry.
 */
export async function cached<Description>(
  cacheDir: string,
  key: string,
  make: () => Promise<{ description: Description; files: MadeFile[] }>,
): Promise<{ description: Description; files: MadeFile[]; fromCache: boolean }> {
  const entry = path.join(cacheDir, key);
  try {
    const index = JSON.parse(await readFile(path.join(entry, 'index.json'), 'utf8')) as {
      description: Description;
      files: string[];
    };
    const files = await Promise.all(
      index.files.map(async (fileName) => ({
        fileName,
        bytes: await readFile(path.join(entry, path.basename(fileName))),
      })),
    );
    return { description: index.description, files, fromCache: true };
  } catch {
    // Not made yet (or unreadable): make it.
  }
  const made = await make();
  await mkdir(cacheDir, { recursive: true });
  const staging = await mkdtemp(path.join(cacheDir, '.staging-'));
  try {
    for (const file of made.files) await writeFile(path.join(staging, path.basename(file.fileName)), file.bytes);
    await writeFile(
      path.join(staging, 'index.json'),
      JSON.stringify({ description: made.description, files: made.files.map((file) => file.fileName) }),
    );
    await rm(entry, { recursive: true, force: true });
    await rename(staging, entry);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Another build stored the same entry at the same moment: theirs is as good as ours.
    if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' && (error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw error;
  }
  return { ...made, fromCache: false };
}
