import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';

const rulesDir = path.resolve(import.meta.dirname, '../../deploy/prometheus');
/** Debian's prometheus package; scripts/ensure-system-deps.mjs installs it for npm test. */
const promtool = '/usr/bin/promtool';

function runPromtool(...args: string[]) {
  const result = spawnSync(promtool, args, { cwd: rulesDir, encoding: 'utf8' });
  if (result.error) throw new Error(`${promtool} cannot run (apt-get install prometheus): ${result.error.message}`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let server: TestServer;
beforeAll(async () => {
  // With a Personio feed set (never read here), so its gauges are reported too.
  // And a certificate file (none here: its figure is 0 then), so that figure is reported too.
  server = await startTestServer(
    {
      jobsFeed: { url: 'http://127.0.0.1:9/xml', refreshMs: 600_000 },
      tlsCertificateFile: path.join(rulesDir, 'no-such-certificate.pem'),
    },
    { renderJobsPage: () => Promise.resolve('') },
  );
});
afterAll(() => server.close());

describe('deploy/prometheus/alerts.yml', () => {
  it('is valid for promtool', () => {
    const { status, output } = runPromtool('check', 'rules', 'alerts.yml');
    // Every rule the file holds is found: as many as it has `- alert:` lines.
    const rules = readFileSync(path.join(rulesDir, 'alerts.yml'), 'utf8').match(/^\s*- alert:/gm)?.length;
    expect(output).toContain(`SUCCESS: ${rules} rules found`);
    expect(status).toBe(0);
  });

  it('passes its unit tests (alerts.test.yml): each alert fires when it should and not otherwise', () => {
    const { status, output } = runPromtool('test', 'rules', 'alerts.test.yml');
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('watches only metrics the server reports', async () => {
    const rules = readFileSync(path.join(rulesDir, 'alerts.yml'), 'utf8');
    const watched = [...new Set(rules.match(/\bwestbridge_[a-z_]+/g))];
    const scrape = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(scrape.statusCode).toBe(200);
    const reported = new Set(
      [...scrape.body.matchAll(/^# TYPE (\S+) (\w+)$/gm)].flatMap(([, name, type]) =>
        type === 'histogram' ? [`${name}_count`, `${name}_bucket`, `${name}_sum`] : [name ?? ''],
      ),
    );
    expect(watched.sort()).toEqual([
      'westbridge_database_up',
      'westbridge_http_request_duration_seconds_count',
      'westbridge_jobs_feed_failing_since_timestamp_seconds',
      'westbridge_jobs_feed_last_success_timestamp_seconds',
      'westbridge_jobs_feed_positions_without_pay',
      'westbridge_queue_given_up',
      'westbridge_queue_maybe_delivered',
      'westbridge_queue_oldest_pending_age_seconds',
      'westbridge_security_txt_expires_timestamp_seconds',
      'westbridge_tls_certificate_expires_timestamp_seconds',
    ]);
    expect(watched.filter((name) => !reported.has(name))).toEqual([]);
  });
});
