/**
 * Writes /.well-known/security.txt (RFC 9116) into the client build, with an
 * Expires that each build moves into the future (server/http/security-txt.ts).
 * nginx serves it as a file; Node serves the same file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { securityTxt, securityTxtPath } from '../server/http/security-txt';
import { buildDir } from './build-dir';

const file = path.join(buildDir(), 'client', `.${securityTxtPath}`);
await mkdir(path.dirname(file), { recursive: true });
await writeFile(file, securityTxt(new Date()));
console.log(`Wrote ${path.relative(process.cwd(), file)}.`);
