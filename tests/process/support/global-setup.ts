import { existsSync } from 'node:fs';
import { serverEntry } from './instances';

export default function setup() {
  if (!existsSync(serverEntry))
    throw new Error('No server build in dist/server: run "npm run build" before the process tests.');
}
