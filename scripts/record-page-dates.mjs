/**
 * The content checks' first step on a pull/merge request an editor's save opened
 * (docs/editing.md, "The pages' dates"): records the dates of the pages the request changes
 * (`npm run page-dates`, common/page-dates.json) and, when the file changed, commits it on the
 * request's branch, so that `src/app/page-dates.test.tsx` passes once the request is merged.
 * Editors cannot run it themselves. The push stays in each CI definition (its credentials differ
 * per host); this script never pushes and prints whether it committed.
 *
 *   node scripts/record-page-dates.mjs
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const pageDatesFile = 'common/page-dates.json';
export const committer = { name: 'westbridge content checks', email: 'content-checks@westbridge.invalid' };
export const commitMessage = [
  'Page dates for the pages this change edits',
  '',
  'Recorded by the content checks on this pull/merge request',
  '(scripts/record-page-dates.mjs, npm run page-dates): a page whose texts',
  'changed gets today as its date, so src/app/page-dates.test.tsx passes',
  'after the merge. Editors at /admin/ cannot run it themselves.',
].join('\n');

function run(command, args, cwd, output = 'pipe') {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', output, 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
  return result.stdout;
}

/** Records the pages' dates in `cwd` and commits the file when it changed; true when it committed. */
export function recordPageDates({ cwd = process.cwd(), npm = 'npm', say = console.log } = {}) {
  run(npm, ['run', '--silent', 'page-dates'], cwd, 'inherit');
  if (run('git', ['status', '--porcelain', '--', pageDatesFile], cwd).trim() === '') {
    say(`page dates: ${pageDatesFile} is up to date; nothing committed.`);
    return false;
  }
  run('git', ['add', '--', pageDatesFile], cwd);
  const [subject, , ...body] = commitMessage.split('\n');
  const identity = ['-c', `user.name=${committer.name}`, '-c', `user.email=${committer.email}`];
  run('git', [...identity, 'commit', '-q', '-m', subject, '-m', body.join('\n')], cwd);
  say(`page dates: ${pageDatesFile} changed; committed "${subject}".`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    recordPageDates();
  } catch (error) {
    console.error(`page dates: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
