/** Writes .br and .gz beside every compressible file of the client build. */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildDir } from './build-dir';

const clientDir = path.join(buildDir(), 'client');
const compressible = /\.(js|mjs|css|svg|json|txt|xml|ico|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for await (const file of files(clientDir)) {
  if (!compressible.test(file) || (await stat(file)).size < 256) continue;
  const content = await readFile(file);
  await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`Compressed ${count} static files (brotli and gzip).`);
