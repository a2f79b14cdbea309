// npm run dev: the Vite dev server (pages, hot reload) plus the API it proxies to.
import { spawn } from 'node:child_process';

const env = {
  ...process.env,
  API_PORT: process.env.API_PORT ?? '8787',
  SITE_URL: process.env.SITE_URL ?? 'http://localhost:5173',
};
const children = [
  // Through Vite's module runner, as the build sees the code; restarted when the server's code or texts change.
  spawn(
    process.execPath,
    ['--watch-path=server', '--watch-path=common', '--watch-path=src/content', 'scripts/run-ts.mjs', 'server/dev.ts'],
    { stdio: 'inherit', env },
  ),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
