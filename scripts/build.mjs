/**
 * npm run build: the client bundle, the prerendered pages, the server and the page files (docs/development.md, "Commands"),
 * made in a fresh folder, .tmp/builds/<time>, and `dist` pointed at it (a link renamed over the old one)
 * only once every step has succeeded. A build that fails leaves dist/ as it was, whole: `npm start`, the
 * operator's commands and `npm run release` never see half of one. The previous build stays until the next
 * one replaces it (a server started from it may still read its files); older ones are removed.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builds = path.join(root, '.tmp/builds');
const dist = path.join(root, 'dist');
const out = path.join(builds, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
const bin = (name) => path.join(root, 'node_modules/.bin', name);

/** Each step writes into `out` only, which every one of them is told. */
const steps = [
  [bin('vite'), 'build', '--outDir', path.join(out, 'client')],
  // The editor at /admin/ (vite.admin.config.ts): a build of its own, so nothing of it reaches a public page.
  [bin('vite'), 'build', '--config', 'vite.admin.config.ts', '--outDir', path.join(out, 'admin')],
  [bin('vite'), 'build', '--ssr', 'src/app/entry-prerender.tsx', '--outDir', path.join(out, 'prerender')],
  [bin('tsx'), 'scripts/prerender.ts', '--dist', out],
  [bin('tsx'), 'scripts/write-security-txt.ts', '--dist', out],
  [bin('tsx'), 'scripts/compress-static.ts', '--dist', out],
  [bin('vite'), 'build', '--config', 'vite.server.config.ts', '--outDir', path.join(out, 'server')],
  // The page files for the settings in the environment, or their defaults (server/write-site.ts).
  [process.execPath, path.join(out, 'server/write-site.js'), '--build', out],
];

mkdirSync(out, { recursive: true });
for (const [command, ...args] of steps) {
  const { status, error } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) {
    rmSync(out, { recursive: true, force: true });
    const what = error ? error.message : `${path.basename(command)} ${args.join(' ')} failed`;
    console.error(`The build failed (${what}): dist/ is left as it was.`);
    process.exit(1);
  }
}

const stat = lstatSync(dist, { throwIfNoEntry: false });
let previous = stat?.isSymbolicLink() ? realpathSync(dist, { throwIfNoEntry: false }) : undefined;
// A dist/ folder from before builds had folders of their own becomes the previous build.
if (stat?.isDirectory()) {
  previous = path.join(builds, 'earlier');
  rmSync(previous, { recursive: true, force: true });
  renameSync(dist, previous);
}
const next = `${dist}.next-${process.pid}`;
symlinkSync(path.relative(root, out), next);
renameSync(next, dist);
/** Whether a build named `<time>-<pid>` is still being made by a build running beside this one. */
const inProgress = (name) => {
  const pid = Number(/-(\d+)$/.exec(name)?.[1]);
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
for (const name of readdirSync(builds)) {
  const folder = path.join(builds, name);
  if (folder !== out && folder !== previous && !inProgress(name)) rmSync(folder, { recursive: true, force: true });
}
console.log(`Built into ${path.relative(root, out)}; dist points there.`);
