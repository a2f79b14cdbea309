/**
 * Reads a picture from src/content/images and refuses what the build must not serve: a file
 * whose content is not what its name says, one that is no picture, a decompression bomb, an SVG
 * that could run script or load anything (a file damaged further in fails where it is decoded:
 * damagedPicture). Each refusal names the file and says what to do.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { checkSvg } from './svg-check.ts';

/** More than any camera a company would use takes (61 MP); a 12,000 × 12,000 picture is refused. */
export const maxPixels = 100_000_000;

export class PictureError extends Error {
  override name = 'PictureError';
}

/** The error for a picture whose pixels cannot be decoded: a file cut short, damaged data. */
export function damagedPicture(file: string, error: unknown): PictureError {
  const reason = error instanceof Error ? error.message.trim() : String(error);
  return new PictureError(`${file}: is damaged and cannot be decoded (${reason}); export it again`);
}

const formatOfExtension: Record<string, string> = {
  '.jpg': 'JPEG',
  '.jpeg': 'JPEG',
  '.png': 'PNG',
  '.webp': 'WebP',
  '.avif': 'AVIF',
  '.svg': 'SVG',
};
const extensionOfFormat: Record<string, string> = {
  JPEG: '.jpg',
  PNG: '.png',
  WebP: '.webp',
  AVIF: '.avif',
  SVG: '.svg',
};

/** What a file holds, as sharp reads its header. */
function formatOf(metadata: Metadata): string {
  if (metadata.format === 'heif') return metadata.compression === 'av1' ? 'AVIF' : 'HEIF';
  const names: Record<string, string> = {
    jpeg: 'JPEG',
    png: 'PNG',
    webp: 'WebP',
    svg: 'SVG',
    gif: 'GIF',
    tiff: 'TIFF',
  };
  return names[metadata.format] ?? metadata.format.toUpperCase();
}

export type PictureSource =
  | { kind: 'svg'; file: string; bytes: Buffer; width: number | null; height: number | null }
  | { kind: 'photograph'; file: string; bytes: Buffer; width: number; height: number };

export async function readPictureSource(absoluteFile: string, root: string): Promise<PictureSource> {
  const file = path.relative(root, absoluteFile).split(path.sep).join('/');
  const fail = (problem: string): never => {
    throw new PictureError(`${file}: ${problem}`);
  };
  const extension = path.extname(absoluteFile).toLowerCase();
  const named = formatOfExtension[extension];
  if (!named) {
    return fail(
      `pictures must be SVG, JPEG, PNG, WebP or AVIF files (.svg, .jpg, .jpeg, .png, .webp, .avif), not ${extension || 'a file without an extension'}`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(absoluteFile);
  } catch (error) {
    return fail(`cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    return fail(
      `is not a picture that can be read, or is damaged (${(error as Error).message}); export it again as ${named}`,
    );
  }
  const actual = formatOf(metadata);
  if (actual !== named) {
    const rename = extensionOfFormat[actual];
    return fail(
      `is a ${actual} file with a ${extension} name` +
        (rename
          ? `: rename it to ${path.basename(file, extension)}${rename} and name it so where it is used`
          : `: save it as ${named}`),
    );
  }
  if (named === 'SVG') {
    // Pictures are shown by <img>, where no script runs, but an SVG file opened at its own address is a
    // document of the site: it may hold shapes, styles and references inside itself, nothing that runs or loads.
    const checked = checkSvg(bytes.toString('utf8'));
    if ('problem' in checked) {
      return fail(
        `the SVG contains ${checked.problem}, which the site does not serve; remove it from the drawing (or export it as plain SVG)`,
      );
    }
    return {
      kind: 'svg',
      file,
      bytes: Buffer.from(checked.svg),
      width: metadata.width || null,
      height: metadata.height || null,
    };
  }
  const { width, height } = metadata.autoOrient;
  if (width * height > maxPixels) {
    fail(
      `${width} × ${height} pixels is ${Math.round((width * height) / 1e6)} megapixels, more than the ${maxPixels / 1e6} a picture may have; scale it down (3000 pixels wide is plenty)`,
    );
  }
  return { kind: 'photograph', file, bytes, width, height };
}
