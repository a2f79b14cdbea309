import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/free-port';
import { newMarker, postContact, request, type Outcome } from './support/http';
import {
  root,
  startBacking,
  startInstance,
  waitUntil,
  type Backing,
  type Instance,
  type InstanceSettings,
} from './support/instances';
import { waitForMarkers } from './support/mailbox';
import { behindNginx, hostName, startNginx, type RunningNginx } from './support/nginx';

let backing: Backing;
let nginx: RunningNginx;
let settings: (port: number) => InstanceSettings;
const instances: Instance[] = [];

beforeAll(async () => {
  backing = await startBacking();
  const ports: [number, number] = [await freePort(), await freePort()];
  settings = (port) => behindNginx(backing, port);
  nginx = await startNginx({ upstreams: ports, siteUrl: `https://${hostName}` });
  for (const port of ports) instances.push(await startInstance(settings(port)));
});

afterAll(async () => {
  await nginx?.stop();
  await backing?.stop();
});

/**
 * What visitors do while the operator works: the site root (an instance chooses the language:
 * 302), an old address (an instance answers 301), a page (nginx's file) and, when `posts`, a
 * contact message. Runs until `until` settles; returns what went wrong, as "kind status".
 */
async function underLoad(until: Promise<unknown>, { posts }: { posts: 'must-succeed' | 'may-be-refused' }) {
  let done = false;
  const stop = () => void (done = true);
  until.then(stop, stop);
  const failures: string[] = [];
  const delivered: string[] = [];
  const counts = { pages: 0, posts: 0 };
  const kinds = {
    root: () => request(`${nginx.site}/`, { agent: nginx.tls, headers: { 'accept-language': 'en' } }),
    'old address': () => request(`${nginx.site}/about?lng=en`, { agent: nginx.tls }),
    page: () => request(`${nginx.site}/en/about`, { agent: nginx.tls }),
  };
  const expected: Record<keyof typeof kinds, number> = { root: 302, 'old address': 301, page: 200 };
  const visitor = async (n: number) => {
    while (!done) {
      if (n === 0) {
        const marker = newMarker('deploy');
        const outcome = await postContact(nginx.site, marker, {}, nginx.tls);
        counts.posts++;
        if (outcome.status === 200) delivered.push(marker);
        else if (posts === 'must-succeed' || outcome.status !== 503) failures.push(told('post', outcome));
      } else {
        for (const [kind, send] of Object.entries(kinds) as [keyof typeof kinds, () => Promise<Outcome>][]) {
          const outcome = await send();
          counts.pages++;
          if (outcome.status !== expected[kind]) failures.push(told(kind, outcome));
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await Promise.all([until, ...[0, 1, 2].map(visitor)]);
  return { failures, delivered, counts };
}
const told = (kind: string, outcome: Outcome) =>
  `${kind} ${outcome.status ?? outcome.error} ${outcome.body.slice(0, 60).replaceAll('\n', ' ')}`;

const healthy = (instance: Instance) =>
  waitUntil(
    async () => (await request(`${instance.url}/healthz`)).status === 200,
    30_000,
    () => 'no recovery',
  );

describe('the instances behind deploy/nginx/westbridge.conf', () => {
  it('serve every page request while PostgreSQL is stopped for 20 s; forms answer their 503', async () => {
    const outage = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      backing.postgres.down();
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      backing.postgres.up();
      for (const instance of instances) await healthy(instance);
    })();
    const { failures, counts } = await underLoad(outage, { posts: 'may-be-refused' });
    console.log(`PostgreSQL stopped 20 s: ${counts.pages} page requests, ${counts.posts} posts`);
    expect(failures).toEqual([]);
    expect(counts.pages).toBeGreaterThan(30);
  });

  it('fail no request, page or form, while both are restarted one after the other', async () => {
    const rollingRestart = (async () => {
      for (const [index, old] of instances.entries()) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect((await old.terminate()).code).toBe(0);
        instances[index] = await startInstance(settings(old.port));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    })();
    const { failures, delivered, counts } = await underLoad(rollingRestart, { posts: 'must-succeed' });
    console.log(`Rolling restart: ${counts.pages} page requests, ${counts.posts} posts`);
    expect(failures).toEqual([]);
    expect(delivered.length).toBeGreaterThan(3);
    const { byMarker } = await waitForMarkers(backing.smtp, delivered, 60_000);
    expect(delivered.filter((marker) => byMarker.get(marker) !== 1)).toEqual([]);
  });
});

const systemdAnalyze = '/usr/bin/systemd-analyze';

describe.runIf(existsSync(systemdAnalyze))('deploy/systemd/westbridge@.service', () => {
  it('is a unit systemd-analyze verify accepts, for Node 24 on 127.0.0.1 with the settings file', () => {
    const unit = readFileSync(path.join(root, 'deploy/systemd/westbridge@.service'), 'utf8');
    expect(unit).toMatch(/^ExecStart=\/opt\/node24\/bin\/node dist\/server\/index\.js$/m);
    expect(unit).toMatch(/^Environment=PORT=%i HOST=127\.0\.0\.1 /m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/westbridge\/westbridge\.env$/m);
    expect(unit).toMatch(/^Restart=always$/m);
    expect(unit).toMatch(/^User=westbridge$/m);
    const dir = mkdtempSync(path.join(tmpdir(), 'systemd-'));
    try {
      // This machine's Node 24 where docs/operations.md installs it; verify checks that the binary exists.
      const file = path.join(dir, 'westbridge@8081.service');
      writeFileSync(file, unit.replace('/opt/node24/bin/node', process.execPath));
      const check = spawnSync(systemdAnalyze, ['verify', file], { encoding: 'utf8' });
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
      expect(execFileSync(process.execPath, ['-p', 'process.versions.node'], { encoding: 'utf8' })).toMatch(/^24\./);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(existsSync(systemdAnalyze))('deploy/systemd/westbridge-publish.timer', () => {
  it('runs write-site --if-due every 15 minutes, as units systemd-analyze verify accepts', () => {
    const timer = readFileSync(path.join(root, 'deploy/systemd/westbridge-publish.timer'), 'utf8');
    const service = readFileSync(path.join(root, 'deploy/systemd/westbridge-publish.service'), 'utf8');
    expect(timer).toMatch(/^OnCalendar=\*:0\/15$/m);
    expect(timer).toMatch(/^Persistent=true$/m);
    expect(service).toMatch(/^ExecStart=\/usr\/local\/bin\/westbridge write-site -- --if-due$/m);
    expect(service).toMatch(/^Type=oneshot$/m);
    const dir = mkdtempSync(path.join(tmpdir(), 'systemd-'));
    try {
      // The operator's command where docs/operations.md installs it; verify checks that it exists.
      writeFileSync(
        path.join(dir, 'westbridge-publish.service'),
        service.replace('/usr/local/bin/westbridge', path.join(root, 'deploy/bin/westbridge')),
      );
      writeFileSync(path.join(dir, 'westbridge-publish.timer'), timer);
      const check = spawnSync(systemdAnalyze, ['verify', path.join(dir, 'westbridge-publish.timer')], {
        encoding: 'utf8',
        cwd: dir,
      });
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(existsSync(systemdAnalyze))('deploy/systemd/westbridge-live.timer', () => {
  it('runs westbridge-live two minutes after each run ended, as units systemd-analyze verify accepts', () => {
    const timer = readFileSync(path.join(root, 'deploy/systemd/westbridge-live.timer'), 'utf8');
    const service = readFileSync(path.join(root, 'deploy/systemd/westbridge-live.service'), 'utf8');
    expect(timer).toMatch(/^OnUnitInactiveSec=2min$/m);
    expect(service).toMatch(/^ExecStart=\/usr\/local\/bin\/westbridge-live$/m);
    expect(service).toMatch(/^Type=oneshot$/m);
    const dir = mkdtempSync(path.join(tmpdir(), 'systemd-'));
    try {
      // The script where docs/editing.md installs it; verify checks that it exists.
      writeFileSync(
        path.join(dir, 'westbridge-live.service'),
        service.replace('/usr/local/bin/westbridge-live', path.join(root, 'deploy/bin/westbridge-live')),
      );
      writeFileSync(path.join(dir, 'westbridge-live.timer'), timer);
      const check = spawnSync(systemdAnalyze, ['verify', path.join(dir, 'westbridge-live.timer')], {
        encoding: 'utf8',
        cwd: dir,
      });
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
