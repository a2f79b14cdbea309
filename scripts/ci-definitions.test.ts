import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The CI definitions that run the content checks on every request an editor's save opens
 * (docs/editing.md): GitHub Actions, Forgejo Actions and GitLab CI, parsed as their hosts parse
 * them (YAML 1.2), and held to the one script the checks are (`npm run check:content`).
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) =>
  parse(readFileSync(path.join(root, file), 'utf8'), { strict: true }) as Record<string, unknown>;
const nodeMajor = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim().split('.')[0];

interface ActionsStep {
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface ActionsWorkflow {
  on: Record<string, unknown>;
  jobs: Record<string, { 'runs-on': string; permissions?: Record<string, string>; steps: ActionsStep[] }>;
}

/** The step that records the pages' dates (scripts/record-page-dates.mjs) and pushes them. */
const recordsPageDates = (script: string) =>
  /^\s*node scripts\/record-page-dates\.mjs$/m.test(script) && /^\s*git push .*HEAD:/m.test(script);
const sameRepository = 'github.event.pull_request.head.repo.full_name == github.repository';

describe.each(['.github/workflows/content.yml', '.forgejo/workflows/content.yml'])('%s', (file) => {
  const workflow = read(file) as unknown as ActionsWorkflow;

  it('runs on every pull request and on the site’s branch', () => {
    expect(Object.keys(workflow.on)).toEqual(['pull_request', 'push']);
    expect(workflow.on.push).toEqual({ branches: ['main'] });
  });

  it('installs from the lock file, records the pages’ dates, then runs npm run check:content, on the Node of .nvmrc', () => {
    const [job, ...others] = Object.values(workflow.jobs);
    expect(others).toEqual([]);
    const runs = job?.steps.flatMap((step) => (step.run ? [step.run] : [])) ?? [];
    expect(runs).toHaveLength(3);
    expect(runs[0]).toBe('npm ci');
    expect(recordsPageDates(runs[1] ?? '')).toBe(true);
    expect(runs[2]).toBe('npm run check:content');
    const setup = job?.steps.find((step) => step.uses?.endsWith('/setup-node@v4'));
    expect(setup?.with?.['node-version-file']).toBe('.nvmrc');
    expect(job?.steps.map((step) => step.uses).filter(Boolean)).toHaveLength(2);
  });

  it('records the pages’ dates only on a pull request from a branch of this repository, and pushes to it', () => {
    const job = Object.values(workflow.jobs)[0];
    expect(job?.permissions).toEqual({ contents: 'write' });
    const record = job?.steps.find((step) => step.run && recordsPageDates(step.run));
    expect(record?.if).toBe(`github.event_name == 'pull_request' && ${sameRepository}`);
    expect(record?.env).toEqual({ HEAD_REF: '${{ github.head_ref }}' });
    expect(record?.run).toMatch(/git push origin "HEAD:\$HEAD_REF"/);
    const checkout = job?.steps.find((step) => step.uses?.endsWith('/checkout@v4'));
    expect(checkout?.with?.ref).toBe(`\${{ ${sameRepository} && github.head_ref || '' }}`);
  });

  it('uses no secret but the optional CONTENT_PUSH_TOKEN', () => {
    const text = readFileSync(path.join(root, file), 'utf8');
    expect(text.match(/secrets\.\w+/g)).toEqual(['secrets.CONTENT_PUSH_TOKEN']);
  });
});

describe('.gitlab-ci.yml', () => {
  const ci = read('.gitlab-ci.yml') as {
    workflow: { rules: { if: string }[] };
    'check-content': { image: string; script: string[] };
  };

  it('runs on every merge request and on the default branch', () => {
    expect(ci.workflow.rules.map((rule) => rule.if)).toEqual([
      '$CI_PIPELINE_SOURCE == "merge_request_event"',
      '$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH',
    ]);
  });

  it('installs from the lock file, records the pages’ dates, then runs npm run check:content, on the Node of .nvmrc', () => {
    const job = ci['check-content'];
    expect(job.image).toBe(`node:${nodeMajor}-bookworm`);
    expect(job.script).toHaveLength(3);
    expect(job.script[0]).toMatch(/^npm ci /);
    expect(recordsPageDates(job.script[1] ?? '')).toBe(true);
    expect(job.script[2]).toBe('npm run check:content');
  });

  it('records the pages’ dates only on a merge request from this project, pushing with CONTENT_PUSH_TOKEN', () => {
    const record = ci['check-content'].script[1] ?? '';
    expect(record).toMatch(
      /^if \[ "\$CI_PIPELINE_SOURCE" = merge_request_event \] && \[ "\$CI_MERGE_REQUEST_SOURCE_PROJECT_ID" = "\$CI_PROJECT_ID" \]; then$/m,
    );
    expect(record).toMatch(
      /if \[ -z "\$CONTENT_PUSH_TOKEN" \]; then\n\s*echo "CONTENT_PUSH_TOKEN is not set[^\n]*\n\s*exit 1/,
    );
    expect(record).toContain(
      'git push "https://oauth2:$CONTENT_PUSH_TOKEN@$CI_SERVER_HOST/$CI_PROJECT_PATH.git" "HEAD:refs/heads/$CI_MERGE_REQUEST_SOURCE_BRANCH_NAME"',
    );
  });
});

it('check:content is the script package.json names', () => {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(manifest.scripts['check:content']).toBe('node scripts/check-content.mjs');
});
