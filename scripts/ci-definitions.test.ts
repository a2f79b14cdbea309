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

interface ActionsWorkflow {
  on: Record<string, unknown>;
  jobs: Record<string, { 'runs-on': string; steps: { uses?: string; run?: string; with?: Record<string, string> }[] }>;
}

describe.each(['.github/workflows/content.yml', '.forgejo/workflows/content.yml'])('%s', (file) => {
  const workflow = read(file) as unknown as ActionsWorkflow;

  it('runs on every pull request and on the site’s branch', () => {
    expect(Object.keys(workflow.on)).toEqual(['pull_request', 'push']);
    expect(workflow.on.push).toEqual({ branches: ['main'] });
  });

  it('installs from the lock file, then runs npm run check:content, on the Node of .nvmrc', () => {
    const [job, ...others] = Object.values(workflow.jobs);
    expect(others).toEqual([]);
    const runs = job?.steps.flatMap((step) => (step.run ? [step.run] : []));
    expect(runs).toEqual(['npm ci', 'npm run check:content']);
    const setup = job?.steps.find((step) => step.uses?.endsWith('/setup-node@v4'));
    expect(setup?.with?.['node-version-file']).toBe('.nvmrc');
    expect(job?.steps.map((step) => step.uses).filter(Boolean)).toHaveLength(2);
  });

  it('uses no secret', () => {
    expect(readFileSync(path.join(root, file), 'utf8')).not.toMatch(/secrets\./);
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

  it('installs from the lock file, then runs npm run check:content, on the Node of .nvmrc', () => {
    const job = ci['check-content'];
    expect(job.image).toBe(`node:${nodeMajor}-bookworm`);
    expect(job.script.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(['npm ci', 'npm run']);
    expect(job.script.at(-1)).toBe('npm run check:content');
  });
});

it('check:content is the script package.json names', () => {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(manifest.scripts['check:content']).toBe('node scripts/check-content.mjs');
});
