// npm start: serve dist/, building it first only when it is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'dist/server/index.js');
if (!existsSync(server) || !existsSync(path.join(root, 'dist/pages/manifest.json'))) {
  console.log('No build found in dist/: building once (npm run build)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(pathToFileURL(server).href);
