import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/free-port';
import { deployFile } from './support/deploy-files';
import { request } from './support/http';
import { root, startBacking, startInstance, waitUntil, type Backing, type Instance } from './support/instances';

/**
 * deploy/prometheus/prometheus.yml as docs/operations.md installs it, with this run's ports and files:
 * promtool accepts it, and a real Prometheus scrapes two instances that run as the unit runs them
 * (127.0.0.1, TRUST_PROXY=1, METRICS_TOKEN) and loads the alert rules.
 */
const token = 'prometheus-example-token-0123456789';
/** The alert rules deploy/prometheus/alerts.yml has. */
const alertRules =
  readFileSync(path.join(root, 'deploy/prometheus/alerts.yml'), 'utf8').match(/^\s+- alert: /gm)?.length ?? 0;
let work: string;
let backing: Backing;
let instances: Instance[] = [];
let prometheus: ChildProcess | undefined;
let config: string;
let api: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'prometheus-'));
  backing = await startBacking();
  instances = await Promise.all(
    [0, 1].map(() =>
      startInstance({
        databaseUrl: backing.postgres.url,
        smtpUrl: backing.smtp.url,
        trustProxy: '1',
        env: { METRICS_TOKEN: token },
      }),
    ),
  );
  const tokenFile = path.join(work, 'westbridge-metrics-token');
  writeFileSync(tokenFile, `${token}\n`, { mode: 0o640 });
  config = path.join(work, 'prometheus.yml');
  writeFileSync(
    config,
    deployFile('prometheus/prometheus.yml', [
      ['scrape_interval: 15s', 'scrape_interval: 1s'],
      ['evaluation_interval: 15s', 'evaluation_interval: 1s'],
      ['/etc/prometheus/westbridge-alerts.yml', path.join(root, 'deploy/prometheus/alerts.yml')],
      ['/etc/prometheus/westbridge-metrics-token', tokenFile, 2],
      [
        "['127.0.0.1:8081', '127.0.0.1:8082']",
        JSON.stringify(instances.map((instance) => `127.0.0.1:${instance.port}`)),
      ],
    ]),
  );
  const port = await freePort();
  api = `http://127.0.0.1:${port}/api/v1`;
  prometheus = spawn(
    '/usr/bin/prometheus',
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(work, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
}, 120_000);

afterAll(async () => {
  prometheus?.kill('SIGTERM');
  await Promise.all(instances.map((instance) => instance.terminate()));
  await backing?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Prometheus's API; nothing while it starts (it answers 503 until its storage is ready). */
const query = async (path: string) => {
  const answer = await request(`${api}${path}`);
  return (answer.status === 200 ? JSON.parse(answer.body) : {}) as { data?: unknown };
};

describe('the Prometheus example (deploy/prometheus/prometheus.yml)', () => {
  it('is a configuration promtool accepts, with its rules', () => {
    const check = spawnSync('/usr/bin/promtool', ['check', 'config', config], { encoding: 'utf8' });
    expect(`${check.stdout}${check.stderr}`).toContain(`SUCCESS: ${alertRules} rules found`);
    expect(check.status).toBe(0);
  });

  it('scrapes each instance on 127.0.0.1 with the token, which the instances require behind nginx', async () => {
    // Without the token an instance behind the proxy answers no one.
    expect((await request(`${instances[0]?.url}/metrics`)).status).toBe(401);
    const targets = async () =>
      ((await query('/targets')).data as { activeTargets?: { health: string; lastError: string }[] } | undefined)
        ?.activeTargets ?? [];
    await waitUntil(
      async () => {
        const active = await targets();
        return active.length === 2 && active.every((target) => target.health === 'up');
      },
      60_000,
      () => 'Prometheus did not scrape both instances',
    );
    const up = (await query('/query?query=westbridge_database_up')).data as { result: { value: [number, string] }[] };
    expect(up.result.map((sample) => sample.value[1])).toEqual(['1', '1']);
    const rules = (await query('/rules')).data as { groups: { rules: unknown[] }[] };
    expect(rules.groups.flatMap((group) => group.rules)).toHaveLength(alertRules);
  });
});
