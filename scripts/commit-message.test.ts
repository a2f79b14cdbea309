import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'commit-message.mjs');
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'commit-message-'));
  folders.push(made);
  return made;
}

/** Commits at a given time (seconds since 1970), so "committed after the baseline" can be told apart. */
let clock = 1_800_000_000;
function run(command: string, args: string[], cwd: string, time = (clock += 60)) {
  const date = `${time} +0000`;
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Ama',
      GIT_AUTHOR_EMAIL: 'ama@example.com',
      GIT_COMMITTER_NAME: 'Ama',
      GIT_COMMITTER_EMAIL: 'ama@example.com',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    },
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}
const git = (cwd: string, ...args: string[]) => run('git', args, cwd);
const check = (cwd: string, ...args: string[]) => run(process.execPath, [script, ...args], cwd);
const commit = (cwd: string, message: string, ...options: string[]) =>
  git(cwd, 'commit', '--allow-empty', '--cleanup=verbatim', '-m', message, ...options);
const head = (cwd: string) => git(cwd, 'rev-parse', 'HEAD').out.trim();

function repository(): string {
  const root = folder();
  git(root, 'init', '-q', '-b', 'main');
  commit(root, 'The first commit\n\nIt starts the fixture.', '--no-verify');
  return root;
}

const good = 'Contact form keeps the message when the mail server is down\n\nWhy, and 3 ms measured.';
const long = `${'Subject '.repeat(9)}x\n\nA body.`;

describe('a message', () => {
  it.each([
    [good, []],
    [`${'x'.repeat(72)}\n\nbody`, []],
    [`${'é'.repeat(72)}\n\nbody`, []],
    [long, [/the subject is 73 characters long; at most 72/]],
    ['Only a subject', [/there is no body/]],
    ['A subject\nand the body at once', [/needs a blank line after it/]],
    ['\n\n# a comment\nA subject\n\n# Please enter the commit message\nThe body\n', []],
    ['A subject\n# ------------------------ >8 ------------------------\n\nnot a body', [/there is no body/]],
    ['# only a comment\n', [/the message is empty/]],
  ])('%j is judged by the rule', (message, expected) => {
    const root = folder();
    const file = path.join(root, 'COMMIT_EDITMSG');
    writeFileSync(file, message);
    const result = check(root, '--message', file);
    expect(result.status).toBe(expected.length === 0 ? 0 : 1);
    for (const problem of expected) expect(result.out).toMatch(problem);
  });
});

describe('npm test checks every commit after the baseline', () => {
  it('refuses a commit without a body or with a long subject; a merge needs only its subject', async () => {
    const root = repository();
    // A branch made before the check existed: no hook could have refused its commit.
    git(root, 'checkout', '-q', '-b', 'side');
    commit(root, 'Made on a side branch before the check', '--no-verify');
    git(root, 'checkout', '-q', 'main');
    commit(root, 'The commit that brings the check\n\nIt is the baseline.', '--no-verify');
    const base = head(root);
    commit(root, good, '--no-verify');
    commit(root, 'No body here', '--no-verify');
    commit(root, long, '--no-verify');
    git(root, 'merge', '-q', '--no-ff', '--no-verify', 'side', '-m', "Merge branch 'side'");

    const result = check(root, '--since', base);
    expect(result.status).toBe(1);
    expect(result.out).toMatch(/No body here\n {2}there is no body/);
    expect(result.out).toMatch(/the subject is 73 characters long/);
    expect(result.out).not.toMatch(/side branch before the check|Merge branch 'side'\n/);
    expect(result.out).toMatch(/4 commits after \w+ checked, 2 break the rule/);

    git(root, 'reset', '-q', '--hard', 'HEAD~3');
    expect(check(root, '--since', base)).toMatchObject({ status: 0 });
  });

  it("takes a Git host's merge subject as the host wrote it, however long the branch's name", () => {
    const root = repository();
    const base = head(root);
    const branch = `cms/news/${'eudr-und-kakao-'.repeat(5)}2026`;
    git(root, 'checkout', '-q', '-b', branch);
    commit(root, good, '--no-verify');
    git(root, 'checkout', '-q', 'main');
    const github = `Merge pull request #1234 from westbridge-gmbh/${branch}`;
    const gitlab = `Merge branch '${branch}' into 'main'`;
    expect(github.length).toBeGreaterThan(72);
    git(root, 'merge', '-q', '--no-ff', '--no-verify', branch, '-m', github);
    expect(check(root, '--since', base)).toMatchObject({ status: 0 });
    git(root, 'reset', '-q', '--hard', 'HEAD~1');
    git(root, 'merge', '-q', '--no-ff', '--no-verify', branch, '-m', gitlab);
    expect(check(root, '--since', base)).toMatchObject({ status: 0 });
    // A merge subject of one's own is held to 72 characters.
    git(root, 'reset', '-q', '--hard', 'HEAD~1');
    git(root, 'merge', '-q', '--no-ff', '--no-verify', branch, '-m', `Merge ${'the editor branch '.repeat(4)}`);
    expect(check(root, '--since', base).out).toMatch(/the subject is \d+ characters long/);
  });

  it('says so in one line where it cannot check: a shallow clone, an unknown baseline, no git', () => {
    const root = repository();
    const base = head(root);
    commit(root, good, '--no-verify');
    const shallow = path.join(folder(), 'shallow');
    git(root, 'clone', '-q', '--depth', '1', `file://${root}`, shallow);
    expect(check(shallow, '--since', base)).toEqual({
      status: 0,
      out: expect.stringMatching(/^commit messages: this clone is shallow and lacks the baseline \w+; nothing checked/),
    });
    expect(check(root, '--since', 'f'.repeat(40))).toEqual({
      status: 0,
      out: expect.stringMatching(/^commit messages: the baseline f{9} is not in this repository; nothing checked/),
    });
    expect(check(folder(), '--since-baseline')).toEqual({
      status: 0,
      out: 'commit messages: not a git checkout, no commits to check.\n',
    });
  });
});

describe('npm install installs the commit-msg hook', () => {
  it('which refuses a message that breaks the rule, in the checkout and in its worktrees', () => {
    const root = repository();
    expect(check(root, '--install')).toMatchObject({ status: 0 });
    expect(readFileSync(path.join(root, '.git/hooks/commit-msg'), 'utf8')).toMatch(/commit-message\.mjs/);

    const refused = commit(root, 'No body here');
    expect(refused.status).not.toBe(0);
    expect(refused.out).toMatch(/breaks the rule[^]*there is no body/);
    expect(commit(root, good)).toMatchObject({ status: 0 });

    git(root, 'checkout', '-q', '-b', 'side');
    commit(root, good);
    git(root, 'checkout', '-q', 'main');
    commit(root, good);
    expect(git(root, 'merge', '--no-ff', 'side', '-m', "Merge branch 'side'")).toMatchObject({ status: 0 });

    const worktree = path.join(folder(), 'worktree');
    git(root, 'worktree', 'add', '-q', '-b', 'other', worktree);
    expect(commit(worktree, 'No body in a worktree').status).not.toBe(0);
    expect(commit(worktree, good)).toMatchObject({ status: 0 });
  });

  it('does nothing where there is no .git: a release folder, an unpacked tarball', () => {
    const root = repository();
    const release = path.join(root, 'release');
    mkdirSync(release);
    expect(check(release, '--install')).toEqual({ status: 0, out: '' });
    expect(existsSync(path.join(root, '.git/hooks/commit-msg'))).toBe(false);
    expect(check(folder(), '--install')).toEqual({ status: 0, out: '' });
  });

  it('leaves a commit-msg hook of someone else as it is', () => {
    const root = repository();
    const other = path.join(root, '.git/hooks/commit-msg');
    mkdirSync(path.dirname(other), { recursive: true });
    writeFileSync(other, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    expect(check(root, '--install').out).toMatch(/is another hook, left as it is/);
    expect(readFileSync(other, 'utf8')).toBe('#!/bin/sh\nexit 0\n');
  });
});
