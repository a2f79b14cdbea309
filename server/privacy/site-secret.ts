import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** The key of the address hashes: e-mail addresses of the newsletter, client addresses of the rate limit. */
export const addressHashKeyName = 'address-hash-key';

/**
 * A secret of this site, made at its first start and kept in the database so
 * that every instance uses the same one. Two instances starting at once both
 * try to insert theirs; the database keeps the first, and both read that one.
 */
export async function siteSecret(db: Kysely<DatabaseSchema>, name: string, now = Date.now()): Promise<Buffer> {
  await db
    .insertInto('site_secrets')
    .values({ name, value: randomBytes(32).toString('base64'), created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('site_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
