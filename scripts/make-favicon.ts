/**
 * Draws public/favicon.ico (16, 32 and 48 px PNGs in one ICO) from
 * public/favicon.svg with Debian's Chromium, and public/apple-touch-icon.png (180 px,
 * opaque: iOS fills transparency with black and rounds the corners itself) with sharp.
 * Run by hand when the logo changes: npx tsx scripts/make-favicon.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const svg = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const sizes = [16, 32, 48];
const images: Buffer[] = [];
for (const size of sizes) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{width:${size}px;height:${size}px;display:block}</style>${svg}`,
  );
  images.push(await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
}
await browser.close();

// ICO container: a 6-byte header, a 16-byte entry per image, then the PNGs.
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach((image, index) => {
  const entry = 6 + 16 * index;
  const size = sizes[index] ?? 0;
  header.writeUInt8(size % 256, entry);
  header.writeUInt8(size % 256, entry + 1);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(image.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += image.length;
});
await writeFile(path.join(publicDir, 'favicon.ico'), Buffer.concat([header, ...images]));
console.log(`Wrote public/favicon.ico (${offset} bytes).`);

// The icon's own green behind its rounded corners, so the square is whole.
const touchIcon = await sharp(Buffer.from(svg), { density: (180 / 48) * 72 })
  .resize(180, 180)
  .flatten({ background: '#0b6e4f' })
  .png({ compressionLevel: 9 })
  .toBuffer();
await writeFile(path.join(publicDir, 'apple-touch-icon.png'), touchIcon);
console.log(`Wrote public/apple-touch-icon.png (${touchIcon.length} bytes).`);
