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
 * A @fastify/rate-limit store in the database, so every instance on one
 * PostgreSQL counts against the same limit. The client address is stored
 * only as a keyed hash with the endpoint. When the database cannot be
 * reached the request answers 503, like every other storage failure.
 */
export function databaseRateLimitStore(
  db: Database,
  hash: AddressHasher,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    // The plugin passes its options first; this store needs none of them.
    constructor(
      _options?: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: RateLimitHit) => void, timeWindow: number): void {
      countHit(db, hash.rateLimit(this.scope, key), timeWindow, now()).then(
        (result) => callback(null, result),
        () => callback(new HttpError(503, 'unavailable')),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // The plugin hands children its merged settings with the route under `routeInfo` (its types say otherwise).
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${String(route?.method)} ${String(route?.url)}`);
    }
  }
  return DatabaseRateLimitStore;
}
