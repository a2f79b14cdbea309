import { createHash } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, copyProject } from '../../scripts/pictures/photo-site';
import { request } from './support/http';
import { root, startInstance, stopAllInstances } from './support/instances';

/**
 * `npm run build` in a copy of the project: a build that fails half-way (here its server does not
 * compile, after the client and the pages are made) leaves dist/ as it was, and `npm start` serves that.
 */
let project: string;
let firstBuild: string;

/** Every file of a build with its bytes' hash. */
function buildHashes(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .map((file) => [path.relative(dir, file), createHash('sha256').update(readFileSync(file)).digest('hex')]),
  );
}

beforeAll(async () => {
  project = await copyProject(root, 'build-');
  await buildProject(project);
  firstBuild = realpathSync(path.join(project, 'dist'));
}, 600_000);

afterAll(async () => {
  await stopAllInstances();
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('npm run build', () => {
  it('leaves dist/ whole when a step fails, and npm start serves it with its security.txt and share pictures', async () => {
    const before = buildHashes(firstBuild);
    const source = path.join(project, 'server/index.ts');
    const original = readFileSync(source, 'utf8');
    appendFileSync(source, '\nexport const broken = ;\n');
    const failed = await buildProject(project).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(failed).toContain('The build failed');
    expect(failed).toContain('dist/ is left as it was');
    // The client and the pages of the failed build were made, and are gone with it.
    expect(failed).toMatch(/Prerendered \d+ pages/);
    expect(realpathSync(path.join(project, 'dist'))).toBe(firstBuild);
    expect(readdirSync(path.join(project, '.tmp/builds'))).toEqual([path.basename(firstBuild)]);
    expect(buildHashes(firstBuild)).toEqual(before);

    const instance = await startInstance({ databaseUrl: '', smtpUrl: '', release: project });
    expect((await request(`${instance.url}/.well-known/security.txt`)).status).toBe(200);
    const home = (await request(`${instance.url}/?lng=de`)).body;
    const share = /<meta property="og:image" content="https:\/\/www\.westbridge\.example(\/assets\/[^"]+)"/.exec(home);
    expect(share?.[1]).toBeDefined();
    expect((await request(`${instance.url}${share?.[1] ?? ''}`)).status).toBe(200);
    await instance.terminate();

    // Mended, the next build takes dist's place; the one before stays until the build after it.
    writeFileSync(source, original);
    await buildProject(project);
    const secondBuild = realpathSync(path.join(project, 'dist'));
    expect(secondBuild).not.toBe(firstBuild);
    expect(readdirSync(path.join(project, '.tmp/builds')).sort()).toEqual(
      [path.basename(firstBuild), path.basename(secondBuild)].sort(),
    );
  }, 600_000);
});
