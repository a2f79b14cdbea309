/**
 * The commit-message rule (docs/development.md, "Commits"): a subject of at most 72
 * characters, and, except on a merge, a body after a blank line that says why and what was
 * measured.
 *
 *   node scripts/commit-message.mjs --install          npm install's `prepare`: the commit-msg hook
 *   node scripts/commit-message.mjs --message <file>   the hook: the message being committed
 *   node scripts/commit-message.mjs --since-baseline   npm test: every commit after `baseline`
 *   node scripts/commit-message.mjs --since <commit>   the same after another commit
 *
 * Plain JavaScript with no dependencies: the hook runs it with whatever Node the committer has.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The last commit before the one that brought this check: every commit after it is checked
 * (a commit made on another branch before then is not: no hook could have checked it).
 */
export const baseline = '650b0bab7e23cc6c5fd643c322f1a18c01a2023e';
export const maxSubject = 72;

const hookMarker = '# westbridge commit-message check';
const scissors = /^# -+ >8 -+$/;

function git(args, cwd) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { ok: result.status === 0, out: (result.stdout ?? '').trim() };
}

/** The message as git stores it: without comment lines, what follows the scissors line, and outer blank lines. */
function cleanup(message) {
  const lines = [];
  for (const line of message.replace(/\r\n?/g, '\n').split('\n')) {
    if (scissors.test(line)) break;
    if (!line.startsWith('#')) lines.push(line.trimEnd());
  }
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * The subject a Git host writes for a merge it makes (GitHub's pull request, GitLab's and
 * Forgejo's merge request): it names the branch, which the editor at /admin/ names after the
 * entry (docs/editing.md), so its length is the host's, not the committer's.
 */
const hostMergeSubject = /^Merge (?:pull request #\d+ from \S+|branch '[^']+' into '[^']+')$/;

/** What is wrong with a commit message; empty when nothing is. A merge needs only its subject. */
export function messageProblems(message, { merge = false } = {}) {
  const lines = cleanup(message);
  if (lines.length === 0) return ['the message is empty'];
  if (merge && hostMergeSubject.test(lines[0])) return [];
  const problems = [];
  const length = [...lines[0]].length;
  if (length > maxSubject) problems.push(`the subject is ${length} characters long; at most ${maxSubject}`);
  if (merge) return problems;
  if (lines.length === 1)
    problems.push('there is no body: after the subject a blank line, then why and what you measured');
  else if (lines[1] !== '') problems.push('the subject needs a blank line after it, before the body');
  return problems;
}

/** npm test: the commits after `since` (and committed after it), each by the rule; 1 if one breaks it. */
export function checkSince(since, { cwd = process.cwd(), say = console.log } = {}) {
  const short = since.slice(0, 9);
  if (!git(['rev-parse', '--is-inside-work-tree'], cwd).ok) {
    say('commit messages: not a git checkout, no commits to check.');
    return 0;
  }
  if (!git(['cat-file', '-e', `${since}^{commit}`], cwd).ok) {
    const shallow = git(['rev-parse', '--is-shallow-repository'], cwd).out === 'true';
    say(
      shallow
        ? `commit messages: this clone is shallow and lacks the baseline ${short}; nothing checked (git fetch --unshallow, then check again).`
        : `commit messages: the baseline ${short} is not in this repository; nothing checked.`,
    );
    return 0;
  }
  if (!git(['merge-base', '--is-ancestor', since, 'HEAD'], cwd).ok) {
    say(`commit messages: HEAD does not contain the baseline ${short}; nothing checked.`);
    return 0;
  }
  const sinceTime = Number(git(['log', '-1', '--format=%ct', since], cwd).out);
  const log = git(['log', '--format=%H%x1f%P%x1f%ct%x1f%B%x1e', `${since}..HEAD`], cwd);
  if (!log.ok) {
    say(`commit messages: git log after ${short} failed; nothing checked.`);
    return 1;
  }
  let checked = 0;
  let refused = 0;
  for (const record of log.out.split('\x1e')) {
    const [hash = '', parents = '', time = '', message = ''] = record.replace(/^\n/, '').split('\x1f');
    if (!hash || Number(time) < sinceTime) continue;
    checked += 1;
    const problems = messageProblems(message, { merge: parents.split(' ').length > 1 });
    if (problems.length === 0) continue;
    refused += 1;
    say(`${hash.slice(0, 9)} ${cleanup(message)[0] ?? ''}\n  ${problems.join('\n  ')}`);
  }
  say(
    `commit messages: ${checked} commit${checked === 1 ? '' : 's'} after ${short} checked, ${refused} break${refused === 1 ? 's' : ''} the rule (docs/development.md).`,
  );
  return refused > 0 ? 1 : 0;
}

/** The hook: runs the check of the checkout it commits in, or else of the checkout that installed it. */
function hookScript(installer) {
  const quoted = `'${installer.replace(/'/g, `'\\''`)}'`;
  return `#!/bin/sh
${hookMarker}: installed by npm install (scripts/commit-message.mjs --install).
command -v node >/dev/null 2>&1 || exit 0
root=$(git rev-parse --show-toplevel 2>/dev/null)
for script in "$root/scripts/commit-message.mjs" ${quoted}; do
  if [ -f "$script" ]; then exec node "$script" --message "$1"; fi
done
exit 0
`;
}

/**
 * npm install's `prepare`: installs the commit-msg hook where `root` is a git checkout (its own
 * `.git`, a folder or a worktree's file); nothing in a release folder or an unpacked tarball.
 * Worktrees share their repository's hooks, so one install serves them all.
 */
export function install({ root = process.cwd(), say = console.log } = {}) {
  if (!existsSync(path.join(root, '.git'))) return 0;
  const hooks = git(['rev-parse', '--git-path', 'hooks'], root);
  if (!hooks.ok) return 0;
  const folder = path.resolve(root, hooks.out);
  const file = path.join(folder, 'commit-msg');
  if (existsSync(file) && !readFileSync(file, 'utf8').includes(hookMarker)) {
    say(`commit messages: ${file} is another hook, left as it is; npm test still checks the messages.`);
    return 0;
  }
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, hookScript(fileURLToPath(import.meta.url)));
  chmodSync(file, 0o755);
  return 0;
}

function checkFile(file) {
  const merge = git(['rev-parse', '-q', '--verify', 'MERGE_HEAD'], process.cwd()).ok;
  const problems = messageProblems(readFileSync(file, 'utf8'), { merge });
  if (problems.length === 0) return 0;
  console.error(
    `This commit message breaks the rule (docs/development.md, "Commits"):\n  ${problems.join('\n  ')}\nThe message is kept in ${file}.`,
  );
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [option, value] = process.argv.slice(2);
  if (option === '--install') process.exitCode = install();
  else if (option === '--message' && value) process.exitCode = checkFile(value);
  else if (option === '--since-baseline') process.exitCode = checkSince(baseline);
  else if (option === '--since' && value) process.exitCode = checkSince(value);
  else {
    console.error(
      'Usage: node scripts/commit-message.mjs --install | --message <file> | --since-baseline | --since <commit>',
    );
    process.exitCode = 2;
  }
}
