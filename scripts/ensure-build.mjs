// Builds dist/ once when it is missing, so `npm start` and the server's tools work on a fresh clone.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '..');

export function ensureBuild() {
  const built = [
    'dist/server/index.js',
    'dist/server/newsletter-export.js',
    'dist/server/queue-command.js',
    'dist/server/write-site.js',
    'dist/pages/manifest.json',
  ].every((file) => existsSync(path.join(root, file)));
  if (built) return;
  console.log('No build found in dist/: building once (npm run build)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureBuild();
