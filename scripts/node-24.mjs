// The project runs on Node.js 24 LTS. Where the machine's Node is older, Node 24
// comes from the npm registry (the `node` package) into .tmp/node24, without
// touching the system's Node, and the command runs again with it.
//
//   node scripts/node-24.mjs --env   prints the shell lines that put Node 24 first (.ci/run)
//   import { runOnNode24 } from './node-24.mjs'   re-runs this process's command on Node 24
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const requiredMajor = 24;
const root = path.resolve(import.meta.dirname, '..');
const installDir = path.join(root, '.tmp', `node${requiredMajor}`);
const packageDir = path.join(installDir, 'node_modules', 'node');

export const isRequiredNode = (version = process.versions.node) => Number(version.split('.')[0]) >= requiredMajor;

/** Installs Node 24 from the npm registry once; returns its bin folder and its headers (for native modules). */
export function installNode24() {
  const bin = path.join(packageDir, 'bin');
  // The headers come with the platform package; node-gyp builds native modules (better-sqlite3) against them.
  const headers = path.join(packageDir, 'node_modules', `node-${process.platform}-${process.arch}`);
  const works = () => {
    try {
      return isRequiredNode(
        execFileSync(path.join(bin, 'node'), ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim(),
      );
    } catch {
      return false;
    }
  };
  if (!works()) {
    console.error(
      `Node ${process.versions.node} is older than ${requiredMajor}: installing Node ${requiredMajor} from the npm registry into ${path.relative(root, installDir)}…`,
    );
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        installDir,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `node@${requiredMajor}`,
      ],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (!works()) throw new Error(`Could not install Node ${requiredMajor} into ${installDir}`);
  }
  return { bin, headers };
}

/** The environment that puts Node 24 first, for npm and everything it starts. */
export function node24Environment() {
  const { bin } = installNode24();
  return { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
}

/**
 * On an older Node: builds the native modules for Node 24 (once) and runs
 * `npm <args>` again on Node 24, then exits with its status. On Node 24: returns.
 */
export function runOnNode24(npmArgs) {
  if (isRequiredNode()) return;
  const env = { ...process.env, ...node24Environment() };
  const loads = spawnSync('node', ['-e', "require('better-sqlite3')"], { cwd: root, env, stdio: 'ignore' });
  if (loads.status !== 0) {
    // better-sqlite3 ships prebuilt binaries for Node-API; this is for a platform without one.
    console.error(`Building the native modules for Node ${requiredMajor}…`);
    execFileSync('npm', ['rebuild', 'better-sqlite3'], {
      cwd: root,
      env: { ...env, npm_config_nodedir: installNode24().headers },
      stdio: 'inherit',
    });
  }
  const result = spawnSync('npm', npmArgs, { cwd: root, env, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--env') {
  if (!isRequiredNode()) {
    const env = node24Environment();
    for (const [name, value] of Object.entries(env)) console.log(`export ${name}=${JSON.stringify(value)}`);
  }
}
