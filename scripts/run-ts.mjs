// Runs a TypeScript entry (server/dev.ts, scripts/bench.ts) through Vite's module runner: the
// code is transformed as the build transforms it, so `import.meta.glob` (the server reads
// the locale files and the migrations that way) works as in dist/. npm packages stay external.
//   node scripts/run-ts.mjs <entry.ts> [arguments…]
import path from 'node:path';
import { createRunnableDevEnvironment, resolveConfig } from 'vite';

const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/run-ts.mjs <entry.ts> [arguments…]');
  process.exit(2);
}
// The entry sees its own arguments as if Node had started it.
process.argv = [process.argv[0] ?? 'node', path.resolve(entry), ...rest];

// resolveConfig sets NODE_ENV=development when it is unset; the entry and what it starts (the
// bench's `npm run build` and servers) must see the environment they were given, or they build
// and render React's development code.
const nodeEnv = process.env.NODE_ENV;
const config = await resolveConfig(
  {
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    environments: {
      runner: {
        consumer: 'server',
        dev: { moduleRunnerTransform: true },
        resolve: { external: true, mainFields: [], conditions: ['node'] },
      },
    },
  },
  'serve',
);
if (nodeEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;
// Left open: the entry may import more later (a server that keeps running).
const environment = createRunnableDevEnvironment('runner', config, { runnerOptions: { hmr: false }, hot: false });
await environment.init();
await environment.runner.import(path.resolve(entry));
