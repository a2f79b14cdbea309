/**
 * npm run release -- <folder>
 * Builds (`npm run build`), then makes <folder> a release the instances and nginx run from:
 *
 *   <folder>/dist/{client,admin,pages,prerender,server}   this build (admin: the editor at /admin/)
 *   <folder>/dist/site                             every page as a file, written there for the settings in the environment
 *   <folder>/node_modules                          the production dependencies only, as package-lock.json marks them
 *   <folder>/package.json                          the operator's commands (`westbridge <command>`) and nothing to build
 *
 * No sources, no build tools. A release is never overwritten: instances may be running from it.
 * `westbridge switch <folder>` then makes it the current release (docs/operations.md, "Upgrade").
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { positionals } = parseArgs({ allowPositionals: true });

function fail(message: string): never {
  console.error(`Cannot make the release: ${message}`);
  process.exit(1);
}

if (positionals.length !== 1) fail('name its folder: npm run release -- /srv/westbridge/releases/<version>');
const target = path.resolve(positionals[0] ?? '');
if (existsSync(target)) fail(`${target} exists; a release is never overwritten (instances may be running from it).`);
for (const file of ['dist/server/index.js', 'dist/server/write-site.js', 'dist/pages/manifest.json']) {
  if (!existsSync(path.join(root, file))) fail(`${file} is missing: run "npm run build" first.`);
}

/**
 * The installed packages the site needs at run time: those package-lock.json (which `npm ci` installed)
 * does not mark as development-only, the set `npm prune --omit=dev` keeps.
 */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; optional?: boolean; devOptional?: boolean; link?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([folder, entry]) => folder.startsWith('node_modules/') && !entry.dev && !entry.link)
    .filter(([folder, entry]) => {
      if (existsSync(path.join(root, folder))) return true;
      // Optional ones (for another platform, say) may be absent; anything else means an incomplete install.
      if (entry.optional || entry.devOptional) return false;
      fail(`${folder} is not installed: run "npm ci" first.`);
    })
    .map(([folder]) => folder);
}

/** package.json with the operator's commands, which in a checkout first build when there is no build. */
function releasePackageJson(): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    engines: Record<string, string>;
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
  };
  const buildFirst = 'node scripts/ensure-build.mjs && ';
  const commands = Object.entries(manifest.scripts)
    .filter(([, command]) => command.startsWith(buildFirst))
    .map(([name, command]) => [name, command.slice(buildFirst.length)]);
  const release = {
    name: manifest.name,
    version: manifest.version,
    private: true,
    type: 'module',
    engines: manifest.engines,
    scripts: { start: 'node dist/server/index.js', ...Object.fromEntries(commands) },
    dependencies: manifest.dependencies,
  };
  return `${JSON.stringify(release, null, 2)}\n`;
}

const packages = productionPackages();
// Made beside its place and renamed into it, so a folder by the release's name is always complete.
const staging = `${target}.making`;
rmSync(staging, { recursive: true, force: true });
for (const part of ['client', 'admin', 'pages', 'prerender', 'server']) {
  cpSync(path.join(root, 'dist', part), path.join(staging, 'dist', part), { recursive: true });
}
for (const name of packages) {
  const from = path.join(root, name);
  cpSync(from, path.join(staging, name), {
    recursive: true,
    verbatimSymlinks: true,
    // A package's own node_modules holds packages the lock file lists by themselves, when they are production ones.
    filter: (source) => !path.relative(from, source).split(path.sep).includes('node_modules'),
  });
}
writeFileSync(path.join(staging, 'package.json'), releasePackageJson());
renameSync(staging, target);

// The page files name their release's folders for nginx (pages.conf): written in their final place.
try {
  execFileSync(process.execPath, ['dist/server/write-site.js'], { cwd: target, stdio: 'inherit' });
} catch {
  rmSync(target, { recursive: true, force: true });
  fail('writing the page files failed (above); fix the settings and run it again.');
}
console.log(`Release ready in ${target}: this build and ${packages.length} production packages.`);
console.log(`Make it the current one: westbridge switch ${target}`);
