/**
 * Writes .br and .gz beside every compressible file of the client build, and .gz beside the
 * editor's (/admin/): its 2.7 MB script is loaded once per editor, where brotli's best quality
 * would add some 4 s of CPU to every build for 20 % fewer bytes.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildDir } from './build-dir';

const builds = [
  { dir: path.join(buildDir(), 'client'), brotli: true },
  { dir: path.join(buildDir(), 'admin'), brotli: false },
];
const compressible = /\.(js|mjs|css|svg|json|txt|xml|ico|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const { dir, brotli } of builds) {
  for await (const file of files(dir)) {
    if (!compressible.test(file) || (await stat(file)).size < 256) continue;
    const content = await readFile(file);
    if (brotli) {
      await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
    await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
}
console.log(`Compressed ${count} static files (brotli and gzip; the editor's gzip only).`);
