import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureLayouts } from '../../src/components/picture';
import { cropBox, makePicture } from './make-pictures';
import { hasGpsData, photoLikeJpeg, testCamera } from './photo-like';
import { sharePictureMaker, shareSize } from './share-pictures';

let root: string;
let cacheDir: string;
let photo: Buffer;
const shippedImages = path.resolve(import.meta.dirname, '../../src/content/images');

/** Puts `bytes` into the temporary project's src/content/images; returns its absolute path. */
async function inImages(name: string, bytes: Buffer | string): Promise<string> {
  const file = path.join(root, 'src/content/images', name);
  await writeFile(file, bytes);
  return file;
}

const make = (file: string, layout: 'header' | 'gallery' = 'gallery') => makePicture(file, layout, { root, cacheDir });

/** A PNG of width × height one-bit pixels, all black: a few kilobytes that decode to `width × height` pixels. */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pictures-'));
  cacheDir = path.join(root, 'cache');
  await mkdir(path.join(root, 'src/content/images'), { recursive: true });
  photo = await photoLikeJpeg({ seed: 7 });
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a photograph', () => {
  it('becomes AVIF, WebP and JPEG at each width of its layout, cropped to its shape', async () => {
    const { picture, files } = await make(await inImages('harbour.jpg', photo), 'header');
    const layout = pictureLayouts.header;
    expect(picture.kind).toBe('photograph');
    expect(picture.variants.map((variant) => `${variant.format} ${variant.width}`)).toEqual(
      layout.widths.flatMap((width) => [`avif ${width}`, `webp ${width}`, `jpeg ${width}`]),
    );
    expect(picture.src).toMatch(/^assets\/harbour-880-[\w-]{8}\.jpg$/);
    expect([picture.width, picture.height]).toEqual([880, 587]);
    for (const variant of picture.variants) {
      const file = files.find((made) => made.fileName === variant.fileName);
      const metadata = await sharp(file?.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        variant.format === 'avif' ? 'heif' : variant.format,
        variant.width,
        Math.round(variant.width / layout.aspectRatio),
      ]);
    }
  }, 60_000);

  it('keeps no camera, place or profile in any file made of it', async () => {
    const source = await sharp(photo).metadata();
    expect(hasGpsData(source.exif)).toBe(true);
    const { files } = await make(await inImages('field.jpg', photo));
    const share = sharePictureMaker({ root, assetsDir: path.join(root, 'assets'), cacheDir });
    const shared = await share({ lng: 'en', title: 'Field', tagline: 'Line', file: 'src/content/images/field.jpg' });
    const outputs = [...files.map((file) => file.bytes), await readFile(path.join(root, shared.src))];
    for (const bytes of outputs) {
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(bytes.includes(testCamera.model)).toBe(false);
      expect(bytes.includes(testCamera.make)).toBe(false);
    }
  }, 60_000);

  it('is made once: the same bytes come from the cache, other bytes are made anew', async () => {
    const first = await make(await inImages('again.jpg', photo));
    const second = await make(await inImages('again.jpg', photo));
    expect(second.fromCache).toBe(true);
    expect(second.files.map((file) => file.fileName)).toEqual(first.files.map((file) => file.fileName));
    const changed = await sharp(photo).modulate({ brightness: 1.1 }).jpeg().toBuffer();
    expect((await make(await inImages('again.jpg', changed))).fromCache).toBe(false);
  }, 60_000);

  it('stands upright as its camera held it', async () => {
    // Stored landscape, left red and right blue, with "turn 90° clockwise to show": upright, red is on top.
    const halves = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0000ff' } })
      .composite([
        { input: { create: { width: 300, height: 400, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { files } = await make(await inImages('upright.jpg', halves));
    const jpeg = files.find((file) => file.fileName.includes('-300-') && file.fileName.endsWith('.jpg'));
    const { data, info } = await sharp(jpeg?.bytes).raw().toBuffer({ resolveWithObject: true });
    const red = (row: number) => data[(row * info.width + 150) * info.channels] ?? Number.NaN;
    expect(red(20)).toBeGreaterThan(200);
    expect(red(280)).toBeLessThan(60);
  });

  it('in CMYK or with 16 bits a channel comes out as 8-bit sRGB of the same colour', async () => {
    const red = { create: { width: 400, height: 400, channels: 3, background: '#d01010' } } as const;
    const cmyk = await sharp(red).toColourspace('cmyk').jpeg().toBuffer();
    const deep = await sharp(red).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    for (const file of [await inImages('cmyk.jpg', cmyk), await inImages('deep.png', deep)]) {
      const { files } = await make(file);
      for (const { bytes } of files) {
        const metadata = await sharp(bytes).metadata();
        expect([metadata.space, metadata.depth, metadata.channels]).toEqual(['srgb', 'uchar', 3]);
        const [r = 0, g = 255, b = 255] = (await sharp(bytes).stats()).channels.map((channel) => channel.mean);
        expect(r).toBeGreaterThan(170);
        expect(Math.max(g, b)).toBeLessThan(60);
      }
    }
  });
});

describe('the build refuses, naming the file,', () => {
  const refuses = async (name: string, bytes: Buffer | string, message: RegExp) =>
    expect(make(await inImages(name, bytes))).rejects.toThrow(message);

  it('a JPEG cut short', async () => {
    await refuses(
      'cut.jpg',
      photo.subarray(0, Math.floor(photo.length / 2)),
      /^src\/content\/images\/cut\.jpg: is damaged and cannot be decoded .*; export it again$/,
    );
  });

  it('a file that is no picture', async () => {
    await refuses(
      'notes.jpg',
      'Harbour, Tema, 14 March',
      /^src\/content\/images\/notes\.jpg: is not a picture that can be read, or is damaged/,
    );
  });

  it('a decompression bomb', async () => {
    const bomb = blackPng(12_000, 12_000);
    expect(bomb.length).toBeLessThan(100_000);
    await refuses(
      'bomb.png',
      bomb,
      /^src\/content\/images\/bomb\.png: 12000 × 12000 pixels is 144 megapixels, more than the 100/,
    );
  });

  it('a picture whose name says another format', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888888' } })
      .png()
      .toBuffer();
    await refuses(
      'team.jpg',
      png,
      /^src\/content\/images\/team\.jpg: is a PNG file with a \.jpg name: rename it to team\.png/,
    );
    await refuses('team.svg', png, /^src\/content\/images\/team\.svg: is a PNG file with a \.svg name/);
  });

  it('a format the site does not serve', async () => {
    await refuses(
      'logo.gif',
      'GIF89a',
      /^src\/content\/images\/logo\.gif: pictures must be SVG, JPEG, PNG, WebP or AVIF/,
    );
  });

  it.each([
    ['a script', '<script>alert(1)</script>', /<script> element/],
    ['an event handler', '<rect width="10" height="10" onload="alert(1)"/>', /event handler/],
    ['a link', '<a href="#x"><rect width="10" height="10"/></a>', /a link \(<a>\)/],
    ['a javascript: address', '<use href="javascript:alert(1)"/>', /javascript: address/],
    ['an outside picture', '<image href="https://tracker.example/pixel.png" width="10" height="10"/>', /loads another/],
    ['an outside reference', '<use xlink:href="https://evil.example/sprite.svg#a"/>', /outside the SVG/],
    ['HTML inside', '<foreignObject width="10" height="10"><p>Hi</p></foreignObject>', /foreignObject/],
    ['an outside style', '<rect width="10" height="10" style="fill:url(https://evil.example/x)"/>', /url\(\) outside/],
    // What a check of the text alone let through: the XML parser and the sanitiser see names and values as a browser does.
    ['a prefixed script', '<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>', /script> element/],
    [
      'prefixed HTML inside',
      '<s:foreignObject xmlns:s="http://www.w3.org/2000/svg"><p xmlns="http://www.w3.org/1999/xhtml">Hi</p></s:foreignObject>',
      /foreignObject> \(HTML inside/,
    ],
    [
      'an entity in a handler’s name',
      '<rect width="10" height="10" o&#110;load="alert(1)"/>',
      /XML parse error|XML that cannot be read/,
    ],
    ['an entity in an address', '<use href="jav&#97;script:alert(1)"/>', /javascript: address/],
    ['a CSS escape in a style', '<rect width="10" height="10" style="fill:\\75rl(https://evil.example/x)"/>', /CSS/],
    ['a CSS escape in a paint', '<rect width="10" height="10" fill="\\75rl(https://evil.example/x)"/>', /CSS/],
    ['an escaped @import', '<style>@\\69mport "https://evil.example/x.css";</style>', /CSS @import rule/],
    ['an escaped url()', '<style>rect { fill: u\\72l("https://evil.example/x") }</style>', /CSS url\(\) that loads/],
    ['a DOCTYPE', '', /DOCTYPE or ENTITY/],
  ])('an SVG with %s', async (what, inner, reason) => {
    const svg =
      (what === 'a DOCTYPE' ? '<!DOCTYPE svg [<!ENTITY name "Westbridge">]>' : '') +
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">${inner}</svg>`;
    await expect(make(await inImages('drawing.svg', svg))).rejects.toThrow(
      // A name no XML parser reads stops the picture library before the check sees it.
      /^src\/content\/images\/drawing\.svg: (the SVG contains |is not a picture that can be read)/,
    );
    await expect(make(await inImages('drawing.svg', svg))).rejects.toThrow(reason);
  });
});

describe('an SVG', () => {
  it('is served as drawn, without its metadata, and internal references are fine', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" width="300" height="200"><metadata><rdf:RDF>Tema harbour, 5.64 N</rdf:RDF></metadata>' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#0b6e4f"/></linearGradient></defs><rect width="300" height="200" fill="url(#g)"/><use href="#g"/></svg>';
    const { picture: made, files } = await make(await inImages('plan.svg', svg), 'header');
    expect([made.kind, made.width, made.height, made.variants]).toEqual(['svg', 300, 200, []]);
    const served = files[0]?.bytes.toString() ?? '';
    expect(served).not.toContain('metadata');
    expect(served).not.toContain('5.64 N');
    expect(served).toContain('fill="url(#g)"');
  });

  it('shipped with the site passes the checks', async () => {
    for (const name of (await readdir(shippedImages)).filter((file) => file.endsWith('.svg'))) {
      const file = await inImages(name, await readFile(path.join(shippedImages, name)));
      await expect(make(file)).resolves.toMatchObject({ picture: { kind: 'svg' } });
    }
  });
});

describe('share pictures', () => {
  it('are 1200 × 630 JPEGs: a card with the title, or the page picture; each made and written once', async () => {
    const assetsDir = path.join(root, 'share');
    const share = sharePictureMaker({ root, assetsDir, cacheDir });
    const card = await share({ lng: 'de', title: 'Über uns', tagline: 'Rohstoffe aus Westafrika' });
    expect(card).toMatchObject({ src: expect.stringMatching(/^\/assets\/share-card-[\w-]{8}\.jpg$/), ...shareSize });
    await share({ lng: 'de', title: 'Über uns', tagline: 'Rohstoffe aus Westafrika' });
    const other = await share({ lng: 'en', title: 'About us', tagline: 'Raw materials from West Africa' });
    expect(other.src).not.toBe(card.src);
    const fromPicture = await share({ lng: 'en', title: 'x', tagline: 'y', file: 'src/content/images/harbour.jpg' });
    expect(fromPicture.src).toMatch(/^\/assets\/share-harbour-[\w-]{8}\.jpg$/);
    expect((await readdir(assetsDir)).sort()).toEqual(
      [card, other, fromPicture].map((made) => path.basename(made.src)).sort(),
    );
    for (const made of [card, fromPicture]) {
      const metadata = await sharp(path.join(assetsDir, path.basename(made.src))).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
    }
  }, 60_000);
});

describe('cropBox: the crop keeps the focal point', () => {
  it('takes the largest box of the shape, centred on the point as far as the picture allows', () => {
    expect(cropBox(4000, 2000, 1, { x: 50, y: 50 })).toEqual({ left: 1000, top: 0, width: 2000, height: 2000 });
    expect(cropBox(4000, 2000, 1, { x: 10, y: 50 })).toEqual({ left: 0, top: 0, width: 2000, height: 2000 });
    expect(cropBox(4000, 2000, 1, { x: 80, y: 50 })).toEqual({ left: 2000, top: 0, width: 2000, height: 2000 });
    expect(cropBox(3000, 3000, 1.5, { x: 50, y: 20 })).toEqual({ left: 0, top: 0, width: 3000, height: 2000 });
    expect(cropBox(3000, 3000, 1.5, { x: 50, y: 60 })).toEqual({ left: 0, top: 800, width: 3000, height: 2000 });
    expect(cropBox(3000, 3000, 1.5, { x: 50, y: 90 })).toEqual({ left: 0, top: 1000, width: 3000, height: 2000 });
  });
});
