// npm test: every check of the project, in order, stopping at the first that fails.
// On a Node older than 24 it runs again on Node 24 (scripts/node-24.mjs).
import { spawnSync } from 'node:child_process';
import { runOnNode24 } from './node-24.mjs';

runOnNode24(['test']);

const steps = [
  ['node', 'scripts/ensure-system-deps.mjs'],
  ['npm', 'run', 'format:check'],
  ['npm', 'run', 'check:commits'],
  ['npm', 'run', 'typecheck'],
  ['npm', 'run', 'lint'],
  ['npm', 'run', 'check:dead-code'],
  ['npm', 'run', 'test:unit'],
  ['npm', 'run', 'test:changes'],
  ['npm', 'run', 'test:postgres'],
  ['npm', 'run', 'build'],
  ['npm', 'run', 'check:size'],
  ['npm', 'run', 'test:process'],
  ['npm', 'run', 'test:e2e'],
];

for (const [command, ...args] of steps) {
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`npm test: "${[command, ...args].join(' ')}" failed.`);
    process.exit(status ?? 1);
  }
}
