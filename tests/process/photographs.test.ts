/**
 * The site built with photographs, as a company would put them in: a copy of the project with
 * camera-like JPEGs (4000 × 2667, with camera and GPS data) in place of two slides, two gallery
 * pictures and a service page's picture, each named in src/content/pictures.json. Pictures the tests do not
 * swap stay illustrations; the share cards come from the project's own cache, so only the
 * photographs are made here.
 */
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureLayouts, sizesOf, type PictureLayoutName } from '../../src/components/picture';
import { pictureCacheDir } from '../../scripts/pictures/picture-cache';
import { hasGpsData, testCamera } from '../../scripts/pictures/photo-like';
import { buildProject, copyProject, everyPhotograph, usePhotographs } from '../../scripts/pictures/photo-site';
import { root } from './support/instances';

const swapped = ['slide-harvest.jpg', 'slide-port.jpg', 'cocoa.jpg', 'cashew.jpg', 'procurement.jpg'];
const swaps = everyPhotograph.filter((swap) => swapped.includes(swap.to));

let site: string;
let cacheDir: string;
let firstBuild: string;

const page = async (file: string) =>
  new JSDOM(await readFile(path.join(site, 'dist/pages', file), 'utf8')).window.document;
const asset = (url: string) => path.join(site, 'dist/client', url);
const candidates = (srcset: string | null) =>
  (srcset ?? '').split(', ').map((candidate) => {
    const [url = '', width = ''] = candidate.split(' ');
    return { url, width: Number(width.replace(/w$/, '')) };
  });

/** Every candidate of every source is a file of the stated width and the source's type. */
async function expectPhotograph(image: HTMLImageElement, layout: PictureLayoutName) {
  const picture = image.parentElement;
  expect(picture?.tagName).toBe('PICTURE');
  const sources = [...(picture?.querySelectorAll('source') ?? [])];
  expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
  const formats = { 'image/avif': 'heif', 'image/webp': 'webp', 'image/jpeg': 'jpeg' } as const;
  const sets = [
    ...sources.map((source) => ({ type: source.getAttribute('type') as keyof typeof formats, element: source })),
    { type: 'image/jpeg' as const, element: image },
  ];
  for (const { type, element } of sets) {
    expect(element.getAttribute('sizes')).toBe(sizesOf(layout));
    const listed = candidates(element.getAttribute('srcset'));
    expect(listed.map((candidate) => candidate.width)).toEqual(pictureLayouts[layout].widths);
    for (const { url, width } of listed) {
      const metadata = await sharp(asset(url)).metadata();
      expect([metadata.format, metadata.width]).toEqual([formats[type], width]);
    }
  }
  const fallback = await sharp(asset(image.getAttribute('src') ?? '')).metadata();
  expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual([
    String(fallback.width),
    String(fallback.height),
  ]);
}

beforeAll(async () => {
  site = await copyProject(root, 'photographs-');
  cacheDir = path.join(site, '.tmp/picture-cache');
  // The cards and illustrations the project's own build made: the photographs are what is new here.
  if (existsSync(pictureCacheDir(root))) await cp(pictureCacheDir(root), cacheDir, { recursive: true });
  await usePhotographs(site, swaps);
  firstBuild = await buildProject(site, { PICTURE_CACHE_DIR: cacheDir });
}, 600_000);

afterAll(async () => {
  if (site) await rm(site, { recursive: true, force: true });
});

describe('the site built with photographs', () => {
  it('puts the first slide first: a <picture> of AVIF and WebP, preloaded, with high priority and its size', async () => {
    const document = await page('en/home.html');
    const slides = [...document.querySelectorAll('section[aria-roledescription] [role="group"]')];
    expect(slides).toHaveLength(4);
    const first = slides[0]?.querySelector('img');
    if (!first) throw new Error('The first slide has no picture');
    await expectPhotograph(first, 'header');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.hasAttribute('loading')).toBe(false);
    expect(first.getAttribute('alt')).toMatch(/cocoa trees/);
    const preload = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('type')).toBe('image/avif');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    expect(preload?.getAttribute('imagesrcset')).toBe(
      first.parentElement?.querySelector('source[type="image/avif"]')?.getAttribute('srcset'),
    );
    // The other slides are not shown before the app runs: their pictures wait for it.
    expect(slides.slice(1).map((slide) => slide.querySelector('img'))).toEqual([null, null, null]);
  });

  it('loads gallery pictures lazily, each a 300 × 300 <picture> with the logo as fallback', async () => {
    const document = await page('en/services.html');
    const cocoa = document.querySelector<HTMLImageElement>('img[alt^="Illustration of a cocoa pod"]');
    const cashew = document.querySelector<HTMLImageElement>('img[alt^="Illustration of a cashew apple"]');
    if (!cocoa || !cashew) throw new Error('The gallery lacks cocoa or cashew');
    for (const image of [cocoa, cashew]) {
      await expectPhotograph(image, 'gallery');
      expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['300', '300']);
      expect(image.getAttribute('data-fallback-src')).toMatch(/^\/assets\/logo-[\w-]+\.svg$/);
      expect(existsSync(asset(image.getAttribute('data-fallback-src') ?? ''))).toBe(true);
    }
    for (const image of [cocoa, cashew]) {
      expect([image.getAttribute('loading'), image.getAttribute('decoding')]).toEqual(['lazy', 'async']);
      expect(image.getAttribute('fetchpriority')).toBeNull();
    }
    // Pictures not swapped stay illustrations.
    expect(document.querySelector('img[alt^="Illustration of a ginger root"]')?.getAttribute('src')).toMatch(/\.svg$/);
  });

  it('shows a service page’s photograph beside its title, and shares it', async () => {
    const document = await page('fr/procurement.html');
    const image = document.querySelector<HTMLImageElement>('main picture > img');
    if (!image) throw new Error('The procurement page has no picture');
    await expectPhotograph(image, 'header');
    expect(image.getAttribute('fetchpriority')).toBe('high');
    const share = document.head.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '';
    expect(share).toMatch(/^__SITE_URL__\/assets\/share-procurement-[\w-]+\.jpg$/);
    const metadata = await sharp(asset(share.replace('__SITE_URL__', ''))).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
    expect(document.head.querySelector('meta[property="og:image:alt"]')?.getAttribute('content')).toMatch(
      /^Illustration\u00a0: cacaoyers/,
    );
  });

  it('keeps no GPS position or camera in any file it outputs', async () => {
    for (const swap of swaps) {
      const source = await sharp(path.join(site, 'src/content/images', swap.to)).metadata();
      expect(hasGpsData(source.exif)).toBe(true);
    }
    const dist = path.join(site, 'dist');
    const outputs = (await readdir(dist, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    const pictures = outputs.filter((file) => /\.(avif|webp|jpg|png|svg)$/.test(file));
    expect(pictures.filter((file) => file.endsWith('.avif')).length).toBeGreaterThanOrEqual(swaps.length * 2);
    for (const file of outputs) {
      const bytes = await readFile(file);
      expect(bytes.includes(testCamera.model) || bytes.includes(testCamera.make), file).toBe(false);
      if (!pictures.includes(file)) continue;
      if (file.endsWith('.svg')) {
        expect(bytes.toString(), file).not.toContain('<metadata');
        continue;
      }
      const metadata = await sharp(bytes).metadata();
      expect([metadata.exif, metadata.xmp, metadata.iptc], file).toEqual([undefined, undefined, undefined]);
    }
  });

  it('makes an unchanged photograph once: the next build takes every one from its cache', async () => {
    expect(firstBuild).toMatch(/Photographs: [1-9]\d* made/);
    const slidePictures = async () =>
      (await readdir(path.join(site, 'dist/client/assets')))
        .filter((file) => /^slide-.*\.(avif|webp|jpg)$/.test(file))
        .sort();
    const before = await slidePictures();
    expect(before.length).toBeGreaterThan(0);
    // The client build alone is enough to see it: the slides' photographs are made there.
    const again = await buildProject(site, { PICTURE_CACHE_DIR: cacheDir }, ['npx', 'vite', 'build']);
    expect(again).toMatch(/Photographs: 0 made, [1-9]\d* from the cache/);
    expect(await slidePictures()).toEqual(before);
  }, 300_000);

  it('stops with the name of a photograph that is damaged', async () => {
    const file = path.join(site, 'src/content/images/slide-harvest.jpg');
    const photo = await readFile(file);
    await writeFile(file, photo.subarray(0, photo.length / 2));
    await expect(buildProject(site, { PICTURE_CACHE_DIR: cacheDir })).rejects.toThrow(
      /src\/content\/images\/slide-harvest\.jpg: is damaged and cannot be decoded/,
    );
  }, 300_000);
});
