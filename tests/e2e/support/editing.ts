import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { e2eDataDir, e2ePort } from './environment';
import { startSiteServer, type SiteServer } from './site-server';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * What the editor at /admin/ works against in the browser tests: a clone of the repository at
 * this checkout's commit, on `main`, served by decap-server in MODE=git (its editorial workflow
 * makes a branch `cms/<collection>/<entry>` per change and merges it when published), and an
 * instance of the built site whose CMS settings point at it.
 */
export interface EditingSetup {
  site: SiteServer;
  /** decap-server's address. */
  backend: string;
  /** The clone decap-server commits to. */
  repository: string;
  git(...args: string[]): string;
  stop(): Promise<void>;
}

/** The ports of the editing tests: beside the browser tests' own server. */
const sitePort = e2ePort + 1;
const backendPort = e2ePort + 2;

async function waitForListening(url: string, body: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`decap-server did not answer at ${url}`);
}

export async function startEditing(): Promise<EditingSetup> {
  const dir = mkdtempSync(path.join(tmpdir(), 'editing-'));
  const repository = path.join(dir, 'site');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repository, encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, repository]);
  git(
    'checkout',
    '--quiet',
    '-B',
    'main',
    execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
  );
  // Only main: decap-server names its branches cms/<collection>/<entry>, which a branch "cms" would block.
  for (const branch of git('branch', '--format=%(refname:short)').split('\n')) {
    if (branch && branch !== 'main') git('branch', '--quiet', '-D', branch);
  }
  git('remote', 'remove', 'origin');
  git('config', 'user.name', 'Redaktion');
  git('config', 'user.email', 'redaktion@westbridge.example');
  const backend = `http://127.0.0.1:${backendPort}/api/v1`;
  const server: ChildProcess = spawn(process.execPath, [createRequire(import.meta.url).resolve('decap-server')], {
    env: {
      PATH: process.env.PATH,
      MODE: 'git',
      GIT_REPO_DIRECTORY: repository,
      PORT: String(backendPort),
      BIND_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForListening(backend, JSON.stringify({ action: 'info' }));
  const site = await startSiteServer({
    port: sitePort,
    dataDir: path.join(e2eDataDir, 'editing'),
    env: { CMS_BACKEND: 'proxy', CMS_API_URL: backend },
  });
  return {
    site,
    backend,
    repository,
    git,
    stop: async () => {
      await site.stop();
      server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
