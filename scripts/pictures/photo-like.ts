/**
 * Photograph-like JPEGs for the tests and the bench, made with sharp: a sky-to-ground gradient,
 * large soft shapes, a mid-scale texture and the fine grain of a camera sensor, with camera and
 * GPS data in their EXIF, as a company's camera would deliver them (4000 × 2667, 3–5 MB).
 */
import sharp from 'sharp';
import { seededRandom } from '../../server/test/seeded-random';

/** The camera the test photographs claim, found in no output (the metadata test looks for it). */
export const testCamera = { make: 'Westbridge Test Optics', model: 'WTO Field 4000' } as const;

const hex = (value: number) =>
  Math.round(value * 255)
    .toString(16)
    .padStart(2, '0');
const colour = (next: () => number, light: number) =>
  `#${hex(light * next())}${hex(light * next())}${hex(light * next())}`;

/** One photograph-like JPEG; the same seed gives the same picture. */
export async function photoLikeJpeg({
  seed,
  width = 4000,
  height = 2667,
  quality = 92,
}: {
  seed: number;
  width?: number;
  height?: number;
  quality?: number;
}): Promise<Buffer> {
  const next = seededRandom(seed);
  // The scene is drawn small and enlarged: gradients and shapes stay soft, and drawing is quick.
  const small = { width: Math.ceil(width / 10), height: Math.ceil(height / 10) };
  const shapes = Array.from({ length: 9 }, () => {
    const cx = Math.round(next() * small.width);
    const cy = Math.round(small.height * (0.35 + next() * 0.65));
    return `<ellipse cx="${cx}" cy="${cy}" rx="${Math.round(small.width * (0.06 + next() * 0.2))}" ry="${Math.round(small.height * (0.04 + next() * 0.15))}" fill="${colour(next, 0.85)}" fill-opacity="${(0.5 + next() * 0.5).toFixed(2)}"/>`;
  }).join('');
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${small.width}" height="${small.height}">` +
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour(next, 1)}"/>` +
      `<stop offset="0.45" stop-color="${colour(next, 1)}"/><stop offset="0.55" stop-color="${colour(next, 0.7)}"/>` +
      `<stop offset="1" stop-color="${colour(next, 0.5)}"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#sky)"/>${shapes}</svg>`,
  );
  const base = await sharp(scene).blur(2).resize(width, height, { kernel: 'cubic' }).removeAlpha().raw().toBuffer();
  // Texture: random cells about 8 pixels across, smoothed, as foliage, sand or water look from afar;
  // then the grain of a sensor, pixel by pixel (from a table: random numbers per pixel are slow).
  const cells = { width: Math.ceil(width / 8), height: Math.ceil(height / 8) };
  const texture = Buffer.alloc(cells.width * cells.height);
  for (let index = 0; index < texture.length; index++) texture[index] = Math.floor(next() * 256);
  const smooth = await sharp(texture, { raw: { ...cells, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grainTable = Int8Array.from({ length: 65536 }, () => Math.round((next() + next() + next() - 1.5) * 20));
  let state = seed >>> 0;
  const pixels = Buffer.alloc(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel++) {
    const shade = ((smooth[pixel] ?? 128) - 128) * 0.7;
    for (let channel = 0; channel < 3; channel++) {
      const index = pixel * 3 + channel;
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      pixels[index] = Math.max(0, Math.min(255, (base[index] ?? 0) + shade + (grainTable[state >>> 16] ?? 0)));
    }
  }
  const blended = sharp(pixels, { raw: { width, height, channels: 3 } });
  return blended
    .jpeg({ quality })
    .withExif({
      IFD0: { Make: testCamera.make, Model: testCamera.model, Software: 'photo-like.ts' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '5/1 38/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '0/1 0/1 36/1',
      },
    })
    .toBuffer();
}

/**
 * Whether EXIF data holds a GPS position: its first directory (IFD0) points to a GPS directory
 * (tag 0x8825). `exif` as sharp's metadata gives it, starting with "Exif\0\0".
 */
export function hasGpsData(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (offset: number) => (little ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset));
  const u32 = (offset: number) => (little ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset));
  const ifd = u32(4);
  for (let entry = 0; entry < u16(ifd); entry++) if (u16(ifd + 2 + entry * 12) === 0x8825) return true;
  return false;
}
