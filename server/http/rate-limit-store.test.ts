import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { createMailer } from '../mail/send-email';
import { addressHasher } from '../privacy/address-hash';
import { testConfig } from '../test/test-config';
import { useTwoConnections } from '../test/test-database';
import { formRateLimitWindowMs, registerFormGuard } from './form-guard';
import { countHit, memoryRateLimitStore, MemoryHitCounts } from './rate-limit-store';

const connections = useTwoConnections();

describe('countHit', () => {
  it('counts hits in a window and starts a new window once it has expired', async () => {
    const { db } = connections.database.handle;
    const t0 = 1_700_000_000_000;
    expect(await countHit(db, 'k', 1000, t0)).toEqual({ current: 1, ttl: 1000 });
    expect(await countHit(db, 'k', 1000, t0 + 400)).toEqual({ current: 2, ttl: 600 });
    expect(await countHit(db, 'other', 1000, t0 + 400)).toEqual({ current: 1, ttl: 1000 });
    expect(await countHit(db, 'k', 1000, t0 + 1000)).toEqual({ current: 1, ttl: 1000 });
  });

  it('loses no hit when two connections count at once', async () => {
    const now = Date.now();
    const hits = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        countHit((i % 2 ? connections.other : connections.database.handle).db, 'shared', 60_000, now),
      ),
    );
    expect(hits.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });
});

describe('MemoryHitCounts', () => {
  it('counts hits in a window, starts a new one once it has expired, and drops expired counters', () => {
    const counts = new MemoryHitCounts();
    const t0 = 1_700_000_000_000;
    expect(counts.count('k', 1000, t0)).toEqual({ current: 1, ttl: 1000 });
    expect(counts.count('k', 1000, t0 + 400)).toEqual({ current: 2, ttl: 600 });
    expect(counts.count('other', 1000, t0 + 400)).toEqual({ current: 1, ttl: 1000 });
    expect(counts.count('k', 1000, t0 + 1000)).toEqual({ current: 1, ttl: 1000 });
    expect(counts.keys().sort()).toEqual(['k', 'other']);
    counts.count('third', 1000, t0 + 2500);
    expect(counts.keys()).toEqual(['third']);
  });
});

// SQLite serves one process, which counts in memory (see app.ts): by the same keyed hash as the database.
describe('the form rate limit in memory', () => {
  it('refuses the (N+1)th submission and holds only keyed hashes, never the address', async () => {
    const hash = addressHasher(Buffer.alloc(32, 7));
    const counts = new MemoryHitCounts();
    const app = Fastify();
    const guard = await registerFormGuard(app, {
      siteUrl: 'http://localhost',
      allowedOrigins: [],
      formRateLimit: 2,
      store: memoryRateLimitStore(hash, Date.now, counts),
    });
    app.post('/send-contact.php', guard, async () => ({ success: true }));
    const post = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/send-contact.php', remoteAddress, payload: {} });
    expect((await post('203.0.113.7')).statusCode).toBe(200);
    expect((await post('203.0.113.7')).statusCode).toBe(200);
    expect((await post('203.0.113.7')).statusCode).toBe(429);
    expect((await post('203.0.113.8')).statusCode).toBe(200);
    expect(counts.keys().sort()).toEqual(
      ['203.0.113.7', '203.0.113.8'].map((address) => hash.rateLimit('POST /send-contact.php', address)).sort(),
    );
    expect(JSON.stringify(counts.keys())).not.toContain('203.0.113');
    await app.close();
  });
});

describe.runIf(inject('postgresUrl'))('the form rate limit on several instances on PostgreSQL', () => {
  let apps: FastifyInstance[] = [];
  let offset = 0;

  const start = async (handle: DatabaseHandle) => {
    const app = await buildApp({
      config: testConfig({ formRateLimit: 3 }),
      database: handle,
      serveSite: false,
      mailer: createMailer({ smtpUrl: null, mailDir: '/nonexistent' }),
      clock: () => Date.now() + offset,
    });
    apps.push(app);
    return app;
  };
  const subscribe = (app: FastifyInstance, remoteAddress = '203.0.113.7') =>
    app.inject({
      method: 'POST',
      url: '/subscribe-newsletter.php',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'kwame@example.com' }),
    });

  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
    offset = 0;
  });

  it('is shared: FORM_RATE_LIMIT counts submissions to either instance, until the window is over', async () => {
    const a = await start(connections.database.handle);
    const b = await start(connections.other);
    expect((await subscribe(a)).statusCode).toBe(200);
    expect((await subscribe(b)).statusCode).toBe(200);
    expect((await subscribe(a)).statusCode).toBe(200);
    const limited = await subscribe(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, error: 'rate_limited' });
    expect((await subscribe(a)).statusCode).toBe(429);
    expect((await subscribe(b, '203.0.113.8')).statusCode).toBe(200);

    offset = formRateLimitWindowMs;
    expect((await subscribe(b)).statusCode).toBe(200);
  });

  it('keeps no client address in the database', async () => {
    const app = await start(connections.database.handle);
    await subscribe(app);
    const rows = await connections.database.handle.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
  });
});
