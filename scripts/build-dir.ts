import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * The build a step of `npm run build` writes into: the fresh folder scripts/build.mjs names with `--dist`,
 * or dist/ when the step is run by hand.
 */
export function buildDir(): string {
  const { values } = parseArgs({ options: { dist: { type: 'string' } }, strict: false, allowPositionals: true });
  const dist = typeof values.dist === 'string' ? values.dist : path.resolve(import.meta.dirname, '../dist');
  return path.resolve(dist);
}
