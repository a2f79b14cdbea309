import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export interface TestRun {
  passed: boolean;
  /** What Vitest printed: each failure with its message and the difference it found. */
  output: string;
}

/** A copy of the project as it is now, to make a change in and run the project's own tests on. */
export interface ProjectCopy {
  read(file: string): Promise<string>;
  write(file: string, text: string): Promise<void>;
  /** Replaces `from` in `file`; fails when the file no longer holds it (the project moved on: update the change). */
  edit(file: string, from: string | RegExp, to: string): Promise<void>;
  editJson(file: string, change: (json: Record<string, unknown>) => void): Promise<void>;
  remove(file: string): Promise<void>;
  /** The names in a folder of the copy. */
  list(folder: string): Promise<string[]>;
  /** Runs the project's tests `files` (Vitest, with the project's configuration) in the copy. */
  test(...files: string[]): Promise<TestRun>;
  /** `npm run page-dates` in the copy: records the date of each page whose texts changed (docs/development.md). */
  recordPageDates(): Promise<void>;
  dispose(): Promise<void>;
}

/** The checkout's files (tracked and new, as they are in the work tree), with node_modules linked. */
export async function copyOfProject(): Promise<ProjectCopy> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'everyday-change-'));
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  });
  for (const file of new Set(listed.split('\0'))) {
    if (!file || !existsSync(path.join(root, file))) continue;
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await copyFile(path.join(root, file), path.join(dir, file));
  }
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const at = (file: string) => path.join(dir, file);
  const copy: ProjectCopy = {
    read: (file) => readFile(at(file), 'utf8'),
    write: async (file, text) => {
      await mkdir(path.dirname(at(file)), { recursive: true });
      await writeFile(at(file), text);
    },
    async edit(file, from, to) {
      const text = await copy.read(file);
      if (!(typeof from === 'string' ? text.includes(from) : from.test(text)))
        throw new Error(`${file} no longer holds ${String(from)}: update the change in tests/changes/`);
      await copy.write(file, text.replace(from, to));
    },
    async editJson(file, change) {
      const json = JSON.parse(await copy.read(file)) as Record<string, unknown>;
      change(json);
      await copy.write(file, `${JSON.stringify(json, null, 2)}\n`);
    },
    remove: (file) => rm(at(file), { force: true }),
    list: (folder) => readdir(at(folder)),
    test: (...files) => vitest(dir, files),
    async recordPageDates() {
      const run = await vitest(dir, ['--project', 'client', 'src/app/page-dates.test.tsx'], { UPDATE_PAGE_DATES: '1' });
      if (!run.passed) throw new Error(`npm run page-dates failed in the copy:\n${run.output}`);
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
  return copy;
}

async function vitest(dir: string, files: string[], more: Record<string, string> = {}): Promise<TestRun> {
  // Only what a developer's shell gives, without colours: not the Vitest settings of the run this test is part of.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: os.tmpdir(), NO_COLOR: '1', ...more };
  let output = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...files], { cwd: dir, env });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', resolve);
  });
  return { passed: code === 0, output };
}
