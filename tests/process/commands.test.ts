import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from './support/commands';

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
});
