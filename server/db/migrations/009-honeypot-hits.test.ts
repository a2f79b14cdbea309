import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { addressHasher } from '../../privacy/address-hash';
import { addressHashKeyName, siteSecret } from '../../privacy/site-secret';
import { useTwoConnections } from '../../test/test-database';
import { migrateToLatest } from '../database';
import { migrations } from '.';

const connections = useTwoConnections();

it('migration 009 keeps of each earlier honeypot hit only its time and a keyed hash of the address', async () => {
  const { db } = connections.database.handle;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('008-one-spelling')).error).toBeUndefined();
  const message = (isSpam: 0 | 1, receivedAt: number) => ({
    id: randomUUID(),
    received_at: receivedAt,
    name: isSpam ? 'Cheap Pills' : 'Amara Mensah',
    email: isSpam ? 'Bot@Spam.example' : 'amara@cocoa-coop.example',
    subject: null,
    message: isSpam ? 'Buy now' : 'Guten Tag',
    language: 'de',
    is_spam: isSpam,
  });
  const kept = message(0, 1);
  const caught = message(1, 2);
  // The spam flag this migration removes is no longer in the schema's types.
  await db
    .insertInto('contact_messages')
    .values([kept, caught] as never)
    .execute();

  await migrateToLatest(db);

  const hash = addressHasher(await siteSecret(db, addressHashKeyName));
  expect(await db.selectFrom('honeypot_hits').selectAll().execute()).toEqual([
    { id: caught.id, received_at: 2, email_hash: hash.email('bot@spam.example') },
  ]);
  // The message kept as it was, without its spam flag; later migrations may add columns beside it.
  const { is_spam: _flag, ...rest } = kept;
  const messages = await db.selectFrom('contact_messages').selectAll().execute();
  expect(messages).toEqual([expect.objectContaining(rest)]);
  expect(messages[0]).not.toHaveProperty('is_spam');

  expect((await migrator.migrateTo('008-one-spelling')).error).toBeUndefined();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
