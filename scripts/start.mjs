// npm start: serve dist/, building it first only when it is missing.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuild, root } from './ensure-build.mjs';

ensureBuild();
await import(pathToFileURL(path.join(root, 'dist/server/index.js')).href);
