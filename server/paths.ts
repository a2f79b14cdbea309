import { existsSync } from 'node:fs';
import path from 'node:path';

/** The project root: the nearest folder above this file with a package.json (works from source and from dist/server). */
function projectRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start, '..');
    dir = parent;
  }
  return dir;
}

/** The build output: client/ (assets) and pages/ (prerendered HTML). */
export const distDir = path.join(projectRoot(import.meta.dirname), 'dist');
