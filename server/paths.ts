import path from 'node:path';

// Bundled, the server runs from dist/server; from source (dev, tests), from server/.
const here = import.meta.dirname;

/** The build output: client/ (assets) and pages/ (prerendered HTML). */
export const distDir = path.basename(path.dirname(here)) === 'dist' ? path.dirname(here) : path.resolve(here, '../dist');
