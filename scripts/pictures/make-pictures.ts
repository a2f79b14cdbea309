/**
 * Makes the files of one picture for its layout (src/components/picture.ts, docs/decisions/0023-pictures-made-by-the-build.md): an SVG
 * as it is, checked and without its metadata; a photograph cropped to the layout's shape and
 * encoded as AVIF, WebP and JPEG at each of the layout's widths it is large enough for. sharp
 * keeps no metadata unless told to: no camera, no place, no profile leaves the build. Made files
 * are cached by the source's content (picture-cache.ts).
 */
import path from 'node:path';
import sharp from 'sharp';
import { pictureLayouts, type PictureLayoutName } from '../../src/components/picture.ts';
import { cached, cacheKey, contentHash, type MadeFile } from './picture-cache.ts';
import { damagedPicture, maxPixels, readPictureSource, type PictureSource } from './picture-source.ts';

type PhotoFormat = 'avif' | 'webp' | 'jpeg';

/** Settings of each format, chosen for photographs on the web: small files that look the same. */
const encoders = {
  avif: { quality: 50, effort: 3 },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true },
} as const;
const extensions: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
/** Changes whenever what is made changes in a way the settings above do not show. */
const recipeVersion = 1;

export interface MadeVariant {
  format: PhotoFormat;
  width: number;
  height: number;
  fileName: string;
}

export interface MadePicture {
  kind: 'svg' | 'photograph';
  layout: PictureLayoutName;
  /** The SVG, or the JPEG of the layout's fallback width. */
  src: string;
  width: number;
  height: number;
  variants: MadeVariant[];
  /** The source file, from the project's root. */
  file: string;
  /** What the company should know, e.g. a photograph smaller than its layout shows it. */
  warnings: string[];
}

/** A file name for assets/: the source's name made safe, the width, the content's hash. */
function assetName(file: string, bytes: Buffer, extension: string, width?: number): string {
  const stem = path
    .basename(file, path.extname(file))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `assets/${stem || 'picture'}${width ? `-${width}` : ''}-${contentHash(bytes)}.${extension}`;
}

/** Decodes, turns upright by its EXIF orientation, converts to sRGB with 8 bits a channel, and crops to `aspectRatio`. */
/** The point a crop keeps, in percent of the width from the left and of the height from the top. */
export interface Focus {
  x: number;
  y: number;
}

export const centre: Focus = { x: 50, y: 50 };

/** The largest box of `aspectRatio` in a picture of `width` × `height`, as near as it can be centred on `focus`. */
export function cropBox(width: number, height: number, aspectRatio: number, focus: Focus) {
  const boxWidth = Math.min(width, Math.round(height * aspectRatio));
  const boxHeight = Math.min(height, Math.round(boxWidth / aspectRatio));
  const place = (size: number, box: number, percent: number) =>
    Math.min(size - box, Math.max(0, Math.round((size * percent) / 100 - box / 2)));
  return {
    left: place(width, boxWidth, focus.x),
    top: place(height, boxHeight, focus.y),
    width: boxWidth,
    height: boxHeight,
  };
}

export async function decodeCropped(
  source: PictureSource & { kind: 'photograph' },
  width: number,
  aspectRatio: number,
  focus: Focus = centre,
) {
  try {
    // autoOrient turns the picture upright before anything else, so the box (from its upright
    // size) is taken from the picture as it is seen. The centre is sharp's own cover crop.
    let image = sharp(source.bytes, { autoOrient: true, failOn: 'error', limitInputPixels: maxPixels });
    if (focus.x !== centre.x || focus.y !== centre.y) {
      image = image.extract(cropBox(source.width, source.height, aspectRatio, focus));
    }
    return await image
      .resize(width, Math.round(width / aspectRatio), { fit: 'cover', position: 'centre' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw damagedPicture(source.file, error);
  }
}

async function makePhotograph(
  source: PictureSource & { kind: 'photograph' },
  layoutName: PictureLayoutName,
  focus: Focus,
): Promise<{ description: MadePicture; files: MadeFile[] }> {
  const layout = pictureLayouts[layoutName];
  const cropWidth = Math.min(source.width, Math.floor(source.height * layout.aspectRatio));
  const fitting = layout.widths.filter((width) => width <= cropWidth);
  const widths = fitting.length ? fitting : [cropWidth];
  const warnings =
    cropWidth < layout.fallbackWidth
      ? [
          `${source.file}: only ${source.width} × ${source.height} pixels; the ${layoutName} layout shows it up to ${Math.max(...layout.widths)} pixels wide, so it may look soft`,
        ]
      : [];
  const base = await decodeCropped(source, Math.max(...widths), layout.aspectRatio, focus);
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const files: MadeFile[] = [];
  const variants: MadeVariant[] = [];
  for (const width of widths) {
    const height = Math.round(width / layout.aspectRatio);
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      let image = sharp(base.data, { raw }).resize(width, height);
      if (format === 'jpeg' && raw.channels === 4) image = image.flatten({ background: '#ffffff' });
      const bytes = await image.toFormat(format, encoders[format]).toBuffer();
      const fileName = assetName(source.file, bytes, extensions[format], width);
      files.push({ fileName, bytes });
      variants.push({ format, width, height, fileName });
    }
  }
  const jpegs = variants.filter((variant) => variant.format === 'jpeg');
  const fallback = jpegs.filter((variant) => variant.width <= layout.fallbackWidth).at(-1) ?? jpegs[0];
  if (!fallback) throw new Error(`${source.file}: no JPEG was made`);
  return {
    description: {
      kind: 'photograph',
      layout: layoutName,
      src: fallback.fileName,
      width: fallback.width,
      height: fallback.height,
      variants,
      file: source.file,
      warnings,
    },
    files,
  };
}

/**
 * The files of the picture at `absoluteFile` for `layoutName`. Photographs come from the cache
 * when the same bytes were made for the same layout before.
 */
export async function makePicture(
  absoluteFile: string,
  layoutName: PictureLayoutName,
  { root, cacheDir, focus = centre }: { root: string; cacheDir: string; focus?: Focus },
): Promise<{ picture: MadePicture; files: MadeFile[]; fromCache: boolean }> {
  const source = await readPictureSource(absoluteFile, root);
  if (source.kind === 'svg') {
    const fileName = assetName(source.file, source.bytes, 'svg');
    const layout = pictureLayouts[layoutName];
    const width = source.width ?? layout.fallbackWidth;
    const height = source.height ?? Math.round(width / layout.aspectRatio);
    return {
      picture: {
        kind: 'svg',
        layout: layoutName,
        src: fileName,
        width,
        height,
        variants: [],
        file: source.file,
        warnings: [],
      },
      files: [{ fileName, bytes: source.bytes }],
      fromCache: false,
    };
  }
  // The centre, as before focal points, keeps the cache's earlier keys.
  const recipe = {
    recipeVersion,
    layout: pictureLayouts[layoutName],
    encoders,
    file: source.file,
    ...(focus.x !== centre.x || focus.y !== centre.y ? { focus } : {}),
  };
  const result = await cached(cacheDir, cacheKey(source.bytes, recipe), () =>
    makePhotograph(source, layoutName, focus),
  );
  return { picture: result.description, files: result.files, fromCache: result.fromCache };
}
