/**
 * Every page's share picture (og:image), 1200 × 630 as LinkedIn and others show it: the page's
 * picture cropped to that shape, or a card in the company's colours with the page's title in its
 * language. Text is set in Inter from the npm package, so the card looks the same on every machine.
 * Cached like the pictures: the second build makes none again.
 */
import { createRequire } from 'node:module';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { company } from '../../common/company.ts';
import { escapeHtml } from '../../common/escape-html.ts';
import type { MadeSharePicture, SharePictureRequest } from '../../src/app/entry-prerender.tsx';
import { cached, cacheKey, contentHash } from './picture-cache.ts';
import { decodeCropped } from './make-pictures.ts';
import { readPictureSource } from './picture-source.ts';

export const shareSize = { width: 1200, height: 630 } as const;

const require = createRequire(import.meta.url);
const fonts = {
  bold: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
};
const recipeVersion = 1;
const jpeg = { quality: 82, mozjpeg: true } as const;
const margin = 80;
const textWidth = shareSize.width - 2 * margin;

/** Text set by Pango in one of the fonts, as a transparent picture no wider than the card's text. */
async function setText(text: string, font: keyof typeof fonts, size: number, colour: string) {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${colour}">${escapeHtml(text)}</span>`,
      font: `Inter ${font === 'bold' ? 'Bold' : 'Regular'} ${size}`,
      fontfile: fonts[font],
      width: textWidth,
      wrap: 'word',
      rgba: true,
      spacing: Math.round(size * 0.2),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, height: info.height };
}

/** The title as large as fits in three lines. */
async function setTitle(title: string) {
  for (const size of [72, 62, 54, 46]) {
    const set = await setText(title, 'bold', size, '#ffffff');
    if (set.height <= 3 * size * 1.25 || size === 46) return set;
  }
  throw new Error('unreachable');
}

/** The branded card: the mark and the company's name, the page's title, the company's line. */
async function makeCard({ title, tagline }: { title: string; tagline: string }): Promise<Buffer> {
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${shareSize.width}" height="${shareSize.height}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b6e4f"/><stop offset="1" stop-color="#064432"/></linearGradient></defs>' +
      `<rect width="100%" height="100%" fill="url(#g)"/>` +
      `<circle cx="${shareSize.width - 40}" cy="-20" r="260" fill="#ffffff" fill-opacity="0.06"/>` +
      `<rect x="${margin}" y="${shareSize.height - 24}" width="${shareSize.width - 2 * margin}" height="8" rx="4" fill="#f5c45e"/>` +
      `<g transform="translate(${margin} 64) scale(1.5)"><rect width="48" height="48" rx="12" fill="#ffffff"/>` +
      '<path d="M7 33c5-12 12-17 17-17s12 5 17 17" fill="none" stroke="#0b6e4f" stroke-width="3.5" stroke-linecap="round"/>' +
      '<path d="M13 33v-6M19 33v-11M24 33V20M29 33v-11M35 33v-6" stroke="#0b6e4f" stroke-width="2" stroke-linecap="round"/>' +
      '<path d="M6 36h36" stroke="#f5c45e" stroke-width="3.5" stroke-linecap="round"/></g></svg>',
  );
  const name = await setText(company.shortName, 'bold', 40, '#ffffff');
  const heading = await setTitle(title);
  const line = await setText(tagline, 'regular', 26, '#cfe9dc');
  const lineTop = shareSize.height - 64 - line.height;
  return sharp(background)
    .composite([
      { input: name.input, left: margin + 96, top: 64 + Math.round((72 - name.height) / 2) },
      { input: heading.input, left: margin, top: Math.round(176 + (lineTop - 40 - 176 - heading.height) / 2) },
      { input: line.input, left: margin, top: lineTop },
    ])
    .flatten({ background: '#0b6e4f' })
    .jpeg(jpeg)
    .toBuffer();
}

/** The page's picture at 1200 × 630: a photograph cropped around its centre, an SVG drawn at that size. */
async function fromPicture(absoluteFile: string, root: string): Promise<Buffer> {
  const source = await readPictureSource(absoluteFile, root);
  const aspectRatio = shareSize.width / shareSize.height;
  if (source.kind === 'photograph') {
    const { data, info } = await decodeCropped(source, shareSize.width, aspectRatio);
    return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .flatten({ background: '#ffffff' })
      .jpeg(jpeg)
      .toBuffer();
  }
  // Drawn at a density that gives at least the card's width, then cropped to its shape.
  const density = Math.min(2400, Math.ceil((72 * shareSize.width) / (source.width ?? shareSize.width)) * 2);
  return sharp(source.bytes, { density })
    .resize(shareSize.width, shareSize.height, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg(jpeg)
    .toBuffer();
}

/**
 * A maker for the prerenderer: each request's picture written once into `assetsDir`
 * (dist/client/assets), under a name with its content's hash.
 */
export function sharePictureMaker({
  root,
  assetsDir,
  cacheDir,
}: {
  root: string;
  assetsDir: string;
  cacheDir: string;
}) {
  const written = new Map<string, Promise<MadeSharePicture>>();
  return (request: SharePictureRequest): Promise<MadeSharePicture> => {
    const { file } = request;
    const recipe = file
      ? { recipeVersion, shareSize, jpeg, file }
      : { recipeVersion, shareSize, jpeg, card: [company.shortName, request.title, request.tagline] };
    const id = JSON.stringify(recipe);
    let made = written.get(id);
    if (!made) {
      made = (async () => {
        const source = file ? await readFile(path.join(root, file)) : Buffer.from(id);
        const result = await cached(cacheDir, cacheKey(source, recipe), async () => {
          const bytes = file ? await fromPicture(path.join(root, file), root) : await makeCard(request);
          const stem = file ? path.basename(file, path.extname(file)) : 'card';
          return {
            description: null,
            files: [{ fileName: `assets/share-${stem}-${contentHash(bytes)}.jpg`, bytes }],
          };
        });
        const [{ fileName, bytes }] = result.files as [{ fileName: string; bytes: Buffer }];
        await mkdir(assetsDir, { recursive: true });
        await writeFile(path.join(assetsDir, path.basename(fileName)), bytes);
        return { src: `/${fileName}`, ...shareSize };
      })();
      written.set(id, made);
    }
    return made;
  };
}
