import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from './support/commands';
import { markerOf, newMarker, postContact, request } from './support/http';
import { root, startBacking, startInstance, waitUntil, type Backing, type Instance } from './support/instances';

let backing: Backing;
let a: Instance;
let b: Instance;
let env: Record<string, string>;
const token = 'process-test-metrics-token-0123456789';

beforeAll(async () => {
  backing = await startBacking();
  env = {
    DATABASE_URL: backing.postgres.url,
    SMTP_URL: backing.smtp.url,
    SITE_URL: 'https://www.westbridge.example',
    MAIL_FROM: 'Westbridge <website@westbridge.example>',
    CONTACT_TO: 'inbox@westbridge.example',
  };
  // A mail is given up after 2.5 s of failures here, not 24 hours.
  const settings = {
    databaseUrl: backing.postgres.url,
    smtpUrl: backing.smtp.url,
    env: { METRICS_TOKEN: token, TEST_QUEUE_TIMINGS: 'giveUpAfterMs=2500,firstRetryMs=200,maxRetryMs=500' },
  };
  [a, b] = await Promise.all([startInstance(settings), startInstance(settings)]);
});

afterAll(async () => {
  await backing?.stop();
});

const scrape = async (instance: Instance) => {
  const answer = await request(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  return answer.body;
};
/** `name{labels}` → value, for the lines of `name`. */
const samples = (text: string, name: string) =>
  new Map(
    text
      .split('\n')
      .filter((line) => line.startsWith(`${name}{`))
      .map((line) => [line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1))] as const),
  );
const delivered = (marker: string) => backing.smtp.received.filter((mail) => markerOf(mail.parsed.subject) === marker);

/**
 * The alert rule on the series as the instances reported them: each given-up
 * series first with its value before the give-up, then after, as Prometheus
 * would have scraped it (job and instance labels added); `promtool test rules`
 * checks which alerts fire.
 */
function alertsOnScrapes(before: Map<string, number>, after: Map<string, number>, instance: string) {
  const series = [...after].map(([key, value]) => {
    const withTarget = key.replace('{', `{job="westbridge",instance="${instance}",`);
    return `      - series: '${withTarget}'\n        values: '${before.get(key) ?? 0}x10 ${value}x10'`;
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'promtool-'));
  try {
    writeFileSync(
      path.join(dir, 'scraped.test.yml'),
      [
        'rule_files:',
        `  - ${path.join(root, 'deploy/prometheus/alerts.yml')}`,
        'evaluation_interval: 1m',
        'tests:',
        '  - interval: 1m',
        '    input_series:',
        ...series,
        '    promql_expr_test:',
        '      - expr: ALERTS{alertname="WestbridgeMailGivenUp"}',
        '        eval_time: 15m',
        '        exp_samples:',
        `          - labels: 'ALERTS{alertname="WestbridgeMailGivenUp",alertstate="firing",severity="critical",queue="mail",kind="contact-notification"}'`,
        '            value: 1',
        '',
      ].join('\n'),
    );
    return spawnSync('/usr/bin/promtool', ['test', 'rules', 'scraped.test.yml'], { cwd: dir, encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a mail the SMTP server refuses for longer than the give-up time', () => {
  it('is reported given up by the command and by /metrics, alerts, and is resent once when SMTP is back', async () => {
    const givenUp = 'westbridge_queue_given_up';
    const before = samples(await scrape(a), givenUp);
    backing.smtp.refuse = () => ({ code: 451, message: 'mailbox temporarily unavailable, try again later' });
    const marker = newMarker('refused');
    expect((await postContact(a.url, marker)).status).toBe(200);
    const key = `${givenUp}{queue="mail",kind="contact-notification"}`;
    await waitUntil(
      async () => samples(await scrape(b), givenUp).get(key) === 1,
      30_000,
      () => 'the mail was not given up',
    );

    // Every instance reports the same queue: they read it from the one database.
    const [fromA, fromB] = [await scrape(a), await scrape(b)];
    for (const name of [givenUp, 'westbridge_queue_pending'])
      expect(samples(fromA, name)).toEqual(samples(fromB, name));
    const after = samples(fromA, givenUp);
    const promtool = alertsOnScrapes(before, after, a.url);
    expect(promtool.stdout + promtool.stderr).toContain('SUCCESS');
    expect(promtool.status).toBe(0);

    const listed = await runCommand(['mail:given-up'], env);
    expect(listed.code).toBe(0);
    const line = listed.stdout.split('\n').find((candidate) => candidate.includes('contact-notification')) ?? '';
    expect(line).toContain('\t…@westbridge.example\t…@example.com\t');
    expect(line).toContain('451 mailbox temporarily unavailable');
    const id = line.split('\t').at(-1) ?? '';

    backing.smtp.refuse = () => null;
    const resent = await runCommand(['mail:resend', id], env);
    expect(resent).toMatchObject({ code: 0, stdout: `sent\t${id}\n` });
    expect(delivered(marker)).toHaveLength(1);

    const again = await runCommand(['mail:resend', id], env);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('already delivered');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(delivered(marker)).toHaveLength(1);
    expect(samples(await scrape(a), givenUp).get(key)).toBe(0);
  });
});
