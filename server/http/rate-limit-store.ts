import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { AddressHasher } from '../privacy/address-hash';
import { HttpError } from './http-error';

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Counts one hit for a key hash in a window of `windowMs`. */
type CountHit = (keyHash: string, windowMs: number, now: number) => Promise<RateLimitHit>;

/**
 * Counts one hit for `keyHash` in one atomic statement: a new or expired row
 * starts a window of `windowMs` at 1, a live one counts up. Concurrent hits from
 * several instances serialise on the row, so none is lost.
 */
export async function countHit(db: Database, keyHash: string, windowMs: number, now: number): Promise<RateLimitHit> {
  const expired = sql<boolean>`rate_limits.expires_at <= ${now}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key_hash: keyHash, hits: 1, window_start: now, expires_at: now + windowMs })
    .onConflict((conflict) =>
      conflict.column('key_hash').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<number>`case when ${expired} then ${now} else rate_limits.window_start end`,
        expires_at: sql<number>`case when ${expired} then ${now + windowMs} else rate_limits.expires_at end`,
      }),
    )
    .returning(['hits', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { current: row.hits, ttl: Math.max(0, row.expires_at - now) };
}

/**
 * Hit counters in this process's memory, by key hash. Expired counters are
 * dropped at the first hit after a window has passed, so none outlives its
 * window by more than one more window.
 */
export class MemoryHitCounts {
  readonly #counts = new Map<string, { hits: number; expiresAt: number }>();
  #nextSweep = 0;

  count(keyHash: string, windowMs: number, now: number): RateLimitHit {
    if (now >= this.#nextSweep) {
      for (const [key, entry] of this.#counts) if (entry.expiresAt <= now) this.#counts.delete(key);
      this.#nextSweep = now + windowMs;
    }
    const entry = this.#counts.get(keyHash);
    const live = entry && entry.expiresAt > now ? entry : { hits: 0, expiresAt: now + windowMs };
    live.hits += 1;
    this.#counts.set(keyHash, live);
    return { current: live.hits, ttl: live.expiresAt - now };
  }

  /** The keys held now, for tests: key hashes only. */
  keys(): string[] {
    return [...this.#counts.keys()];
  }
}

/**
 * A @fastify/rate-limit store that sees the client address only to hash it
 * with the endpoint (a keyed hash, server/privacy/address-hash.ts) and counts
 * by that hash, so no address is kept, in memory or in the database. A
 * failure to count answers 503, like every other storage failure.
 */
function hashedRateLimitStore(count: CountHit, hash: AddressHasher, now: () => number): FastifyRateLimitStoreCtor {
  class HashedRateLimitStore implements FastifyRateLimitStore {
    // The plugin passes its options first; this store needs none of them.
    constructor(
      _options?: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: RateLimitHit) => void, timeWindow: number): void {
      count(hash.rateLimit(this.scope, key), timeWindow, now()).then(
        (result) => callback(null, result),
        () => callback(new HttpError(503, 'unavailable')),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // The plugin hands children its merged settings with the route under `routeInfo` (its types say otherwise).
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new HashedRateLimitStore(undefined, `${String(route?.method)} ${String(route?.url)}`);
    }
  }
  return HashedRateLimitStore;
}

/** Counters in the database, so every instance on one PostgreSQL counts against the same limit. */
export function databaseRateLimitStore(
  db: Database,
  hash: AddressHasher,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  return hashedRateLimitStore((keyHash, windowMs, at) => countHit(db, keyHash, windowMs, at), hash, now);
}

/** Counters in this process's memory: SQLite serves one process, and a submission is spared a second disk write. */
export function memoryRateLimitStore(
  hash: AddressHasher,
  now: () => number = Date.now,
  counts = new MemoryHitCounts(),
): FastifyRateLimitStoreCtor {
  return hashedRateLimitStore(async (keyHash, windowMs, at) => counts.count(keyHash, windowMs, at), hash, now);
}
