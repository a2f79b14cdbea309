import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from './support/commands';
import { writeOperatorCommand } from './support/deploy-files';
import { root } from './support/instances';

const folders: string[] = [];
const emptyFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'operator-'));
  folders.push(folder);
  return folder;
};
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

const commands = [
  { name: 'mail:given-up', entry: 'queue' as const, args: ['mail:given-up'] },
  { name: 'newsletter:export', entry: 'export' as const, args: [] },
];

describe('the operator commands, started without the instances’ settings', () => {
  it.each(commands)(
    'npm run $name refuses to guess: names DATABASE_URL and DATA_DIR, exits 1, creates nothing',
    async ({ entry, args }) => {
      const cwd = emptyFolder();
      const result = await runCommand(args, {}, { entry, cwd });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^Cannot run: No database to read: DATABASE_URL is not set, and DATA_DIR \(.*\) holds no SQLite database/,
      );
      expect(readdirSync(cwd)).toEqual([]);

      const dataDir = path.join(cwd, 'elsewhere');
      const named = await runCommand(args, { DATA_DIR: dataDir }, { entry, cwd });
      expect(named.code).toBe(1);
      expect(named.stderr).toContain(`DATA_DIR (${dataDir}) holds no SQLite database`);
      expect(existsSync(dataDir)).toBe(false);
    },
  );
});

// The system's Node, where it is older than the instances' (Debian 12's is 18, this machine's 20).
const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((binary) => {
  try {
    return Number(execFileSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8' }).split('.')[0]) < 24;
  } catch {
    return false;
  }
});

describe.runIf(systemNode)('the operator commands, started with an older Node', () => {
  it.each(commands)(
    'npm run $name says which Node it needs and stops before touching a database',
    async ({ entry, args }) => {
      const cwd = emptyFolder();
      const result = await runCommand(args, { DATA_DIR: cwd }, { entry, cwd, node: systemNode });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^This command runs on Node 24, as the instances do, but was started with Node \d+\.[\d.]+ \(/,
      );
      expect(readdirSync(cwd)).toEqual([]);
    },
  );

  it('the server (node dist/server/index.js) says the same, and stops before it opens a database', async () => {
    const cwd = emptyFolder();
    const result = await runCommand([], { DATA_DIR: cwd }, { entry: 'server', cwd, node: systemNode });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^The server runs on Node 24, as the instances do, but was started with Node \d+\.[\d.]+ \(/,
    );
    expect(readdirSync(cwd)).toEqual([]);
  });
});

/** Every file under `dir` with its bytes' hash, to tell whether a command left the folder as it was. */
function folderHashes(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .map((file) => [path.relative(dir, file), createHash('sha256').update(readFileSync(file)).digest('hex')])
      .sort(([a = ''], [b = ''] = []) => a.localeCompare(b)),
  );
}

const run = (command: string, args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(command, args, { cwd: root, env: { PATH: nodeFirst, HOME: tmpdir(), ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
// This Node 24 first, as the operator's command and npm start put it.
const nodeFirst = `${path.dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`;
const siteDir = path.join(root, 'dist/site');
const refusal = /^Cannot write the site: SITE_URL is not set.*"westbridge write-site".*Nothing was written\.$/m;

describe('write-site, which replaces the page files nginx serves', () => {
  it('npm run write-site without SITE_URL exits 1 and leaves dist/site byte-identical', async () => {
    const before = folderHashes(siteDir);
    const result = await run('npm', ['run', '--silent', 'write-site'], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(refusal);
    expect(folderHashes(siteDir)).toEqual(before);
  });

  it('westbridge write-site with a settings file lacking SITE_URL refuses too; with it, writes for that address', async () => {
    const work = emptyFolder();
    const srv = path.join(work, 'srv');
    mkdirSync(srv);
    // The checkout stands in for the current release: its package.json has the same write-site command.
    symlinkSync(root, path.join(srv, 'current'));
    const settingsFile = path.join(work, 'westbridge.env');
    writeFileSync(settingsFile, 'FORM_RATE_LIMIT=5\n');
    const command = writeOperatorCommand(path.join(work, 'westbridge'), {
      srv,
      settingsFile,
      dataDir: path.join(work, 'data'),
    });
    const before = folderHashes(siteDir);
    const refused = await run('sh', [command, 'write-site'], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(refusal);
    expect(folderHashes(siteDir)).toEqual(before);

    writeFileSync(settingsFile, 'SITE_URL=https://www.westbridge.example\n');
    const out = path.join(work, 'site');
    const written = await run('sh', [command, 'write-site', '--', '--out', out], {});
    expect(written).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(path.join(out, 'site.json'), 'utf8')).toContain('"SITE_URL": "https://www.westbridge.example"');
    expect(folderHashes(siteDir)).toEqual(before);
  });

  it('writes for the defaults when the build calls it (npm install && npm start with no settings)', async () => {
    const out = path.join(emptyFolder(), 'site');
    const result = await run(process.execPath, ['dist/server/write-site.js', '--build', 'dist', '--out', out], {});
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(path.join(out, 'site.json'), 'utf8')).toContain('"SITE_URL": "http://localhost:8080"');
  });
});
