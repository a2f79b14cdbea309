// npm run preview:branch -- <branch> [--port 4600] [--no-serve]
// Builds the whole site as a branch has it (an editor's change before it is merged: the editor at
// /admin/ names its branches cms/<group>/<entry>) and serves it at http://localhost:<port>/, every
// page in every language, as it will be published. The branch is checked out beside the project
// (.tmp/preview/<branch>, its files as the branch's last commit has them), this checkout's
// node_modules linked in; the project and its checkout are left as they are.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runOnNode24 } from './node-24.mjs';

runOnNode24(['run', 'preview:branch', '--', ...process.argv.slice(2)]);

const root = path.resolve(import.meta.dirname, '..');
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '4600' }, 'no-serve': { type: 'boolean', default: false } },
});
const [branch] = positionals;
if (!branch) {
  console.error('Name the branch: npm run preview:branch -- cms/about/about');
  process.exit(2);
}
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
// A remote branch (the Git host's) when there is no local one by that name.
const ref = [branch, `origin/${branch}`].find((name) => {
  try {
    git('rev-parse', '--verify', '--quiet', `${name}^{commit}`);
    return true;
  } catch {
    return false;
  }
});
if (!ref) {
  console.error(`No branch "${branch}" here or at origin: run "git fetch" first.`);
  process.exit(2);
}

const dir = path.join(root, '.tmp', 'preview', branch.replace(/[^\w.-]+/g, '-'));
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
// The branch's files as a commit has them (no checkout: the project's own stays as it is).
execFileSync('sh', ['-c', `git archive --format=tar "$0" | tar -x -C "$1"`, ref, dir], { cwd: root, stdio: 'inherit' });
symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
console.log(`Building ${ref} (${git('rev-parse', '--short', ref)}) in ${path.relative(root, dir)} …`);
execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'inherit' });

if (values['no-serve']) {
  console.log(`Built: ${path.join(dir, 'dist')}`);
} else {
  const port = values.port;
  console.log(`Preview of ${branch}: http://localhost:${port}/ (Ctrl+C ends it)`);
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: dir,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      SITE_URL: `http://localhost:${port}`,
      DATA_DIR: path.join(dir, 'data'),
    },
  });
  server.on('exit', (code) => process.exit(code ?? 0));
}
