import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { messageProblems } from './commit-message.mjs';
import { commitMessage, committer, pageDatesFile, recordPageDates } from './record-page-dates.mjs';

/**
 * The content checks' page-dates step (scripts/record-page-dates.mjs) in a scratch repository,
 * with a stand-in for `npm run page-dates` that rewrites common/page-dates.json or leaves it.
 */
const scratch: string[] = [];
afterEach(() => scratch.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, encoding: 'utf8' }).stdout.trim();

function repository(npmWrites: string | null) {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-dates-'));
  scratch.push(dir);
  mkdirSync(path.join(dir, 'common'));
  writeFileSync(path.join(dir, pageDatesFile), '{}\n');
  git(dir, 'init', '-q', '-b', 'cms/texts/about');
  git(dir, '-c', 'user.name=Editor', '-c', 'user.email=e@example.org', 'commit', '-q', '--allow-empty', '-m', 'x');
  git(dir, 'add', '.');
  git(dir, '-c', 'user.name=Editor', '-c', 'user.email=e@example.org', 'commit', '-q', '-m', 'Texts\n\nbody');
  const npm = path.join(dir, 'fake-npm');
  const write = npmWrites === null ? '' : `printf '%s\\n' '${npmWrites}' > ${pageDatesFile}`;
  writeFileSync(npm, `#!/bin/sh\n${write}\n`);
  chmodSync(npm, 0o755);
  writeFileSync(path.join(dir, '.git', 'info', 'exclude'), 'fake-npm\n');
  return { dir, npm };
}

describe('record-page-dates', () => {
  it('commits nothing when the dates are up to date', () => {
    const { dir, npm } = repository(null);
    expect(recordPageDates({ cwd: dir, npm, say: () => {} })).toBe(false);
    expect(git(dir, 'rev-list', '--count', 'HEAD')).toBe('2');
  });

  it('commits only the changed file, as the content checks, with a message the commit rule passes', () => {
    const { dir, npm } = repository('{"about":{}}');
    writeFileSync(path.join(dir, 'other.txt'), 'not ours\n');
    expect(recordPageDates({ cwd: dir, npm, say: () => {} })).toBe(true);
    expect(git(dir, 'rev-list', '--count', 'HEAD')).toBe('3');
    expect(git(dir, 'show', '--name-only', '--format=', 'HEAD')).toBe(pageDatesFile);
    expect(git(dir, 'log', '-1', '--format=%an')).toBe(committer.name);
    const message = git(dir, 'log', '-1', '--format=%B');
    expect(message).toBe(commitMessage);
    expect(messageProblems(message)).toEqual([]);
  });

  it('fails when npm run page-dates fails', () => {
    const { dir, npm } = repository(null);
    writeFileSync(npm, '#!/bin/sh\nexit 3\n');
    expect(() => recordPageDates({ cwd: dir, npm, say: () => {} })).toThrow(/page-dates failed \(3\)/);
  });
});
