// npm start: serve dist/, building it first only when it is missing.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuild, root } from './ensure-build.mjs';
import { runOnNode24 } from './node-24.mjs';

runOnNode24(['start']);

ensureBuild();
await import(pathToFileURL(path.join(root, 'dist/server/index.js')).href);
