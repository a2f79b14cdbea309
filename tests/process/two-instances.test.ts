import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, newMarker, percentile, postContact, request } from './support/http';
import { root, startBacking, startInstance, type Backing, type Instance } from './support/instances';
import { waitForMarkers } from './support/mailbox';

let backing: Backing;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  backing = await startBacking();
  const settings = { databaseUrl: backing.postgres.url, smtpUrl: backing.smtp.url, formRateLimit: 3, trustProxy: '1' };
  // Started together, so both run the migrations at once.
  [a, b] = await Promise.all([startInstance(settings), startInstance(settings)]);
});

afterAll(async () => {
  await backing?.stop();
});

/** A documentation address per message (TRUST_PROXY=1 takes the client from X-Forwarded-For). */
const client = (n: number) => ({ 'x-forwarded-for': `198.51.${100 + (n >> 8)}.${n & 255}` });

describe('two instances on one PostgreSQL', () => {
  it('deliver 200 contact messages sent to either of them, each exactly once', async () => {
    const markers = Array.from({ length: 200 }, () => newMarker('pair'));
    const outcomes = await inParallel(markers, 10, (marker, n) => postContact((n % 2 ? a : b).url, marker, client(n)));
    expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);
    console.log(
      `200 POSTs to two instances: p50 ${percentile(
        outcomes.map((o) => o.ms),
        50,
      ).toFixed(1)} ms, p99 ${percentile(
        outcomes.map((o) => o.ms),
        99,
      ).toFixed(1)} ms`,
    );

    const { byMarker, duplicateMessageIds } = await waitForMarkers(backing.smtp, markers, 60_000);
    expect(duplicateMessageIds).toEqual([]);
    expect(markers.filter((marker) => byMarker.get(marker) !== 1)).toEqual([]);
    expect(backing.smtp.received).toHaveLength(200);
  });

  it('share one rate limit: FORM_RATE_LIMIT counts submissions to both', async () => {
    const from = { 'x-forwarded-for': '203.0.113.50' };
    const statuses = [];
    for (const instance of [a, b, a, b, a])
      statuses.push((await postContact(instance.url, newMarker('limit'), from)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await postContact(b.url, newMarker('limit'), { 'x-forwarded-for': '203.0.113.51' })).status).toBe(200);
  });

  it('serve the security.txt the build wrote, still valid for months', async () => {
    const built = readFileSync(path.join(root, 'dist/client/.well-known/security.txt'), 'utf8');
    const expires = Date.parse(/^Expires: (\S+)$/m.exec(built)?.[1] ?? '');
    expect(expires).toBeGreaterThan(Date.now() + 150 * 24 * 3600_000);
    for (const instance of [a, b]) {
      const answer = await request(`${instance.url}/.well-known/security.txt`);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(built);
    }
  });
});
