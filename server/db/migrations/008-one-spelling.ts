import type { Kysely, Migration } from 'kysely';
import { canonicalEmail } from '../../../common/email-address';
import { addressHasher } from '../../privacy/address-hash';
import { addressHashKeyName, siteSecret } from '../../privacy/site-secret';
import type { DatabaseSchema } from '../schema';

/**
 * One spelling for what was stored in several (docs/decisions/0011-hardening-what-the-server-refuses.md, third round).
 *
 * Subscribers with an address get it in its one spelling, with the hash of
 * that spelling, so a sign-up in any spelling finds them. Where two rows turn
 * out to be one mailbox, an unconfirmed one gives way (it would lapse within
 * 30 days anyway); two confirmed ones, or a confirmed one and the proof of an
 * unsubscription, are left as they were. Erased addresses cannot be spelled
 * again: their hashes stay.
 *
 * Consent ids are kept in lower case; an upper-cased copy of an id already
 * stored is deleted.
 */
export const oneSpelling: Migration = {
  async up(untyped: Kysely<unknown>) {
    const db = untyped as Kysely<DatabaseSchema>;
    const hash = addressHasher(await siteSecret(db, addressHashKeyName));
    const subscribers = await db
      .selectFrom('newsletter_subscribers')
      .select(['id', 'email', 'email_hash', 'status'])
      .where('email', 'is not', null)
      .orderBy('signed_up_at')
      .execute();
    for (const row of subscribers) {
      const email = canonicalEmail(row.email ?? '');
      if (email === null) continue;
      const emailHash = hash.email(email);
      if (email === row.email && emailHash === row.email_hash) continue;
      const other = await db
        .selectFrom('newsletter_subscribers')
        .select(['id', 'status'])
        .where('email_hash', '=', emailHash)
        .where('id', '!=', row.id)
        .executeTakeFirst();
      if (other && row.status === 'pending') {
        await db.deleteFrom('newsletter_subscribers').where('id', '=', row.id).execute();
        continue;
      }
      if (other?.status === 'pending')
        await db.deleteFrom('newsletter_subscribers').where('id', '=', other.id).execute();
      else if (other) continue;
      await db
        .updateTable('newsletter_subscribers')
        .set({ email, email_hash: emailHash })
        .where('id', '=', row.id)
        .execute();
    }

    const consents = await db.selectFrom('consent_records').select('id').orderBy('recorded_at').execute();
    const ids = new Set(consents.map((record) => record.id));
    for (const { id } of consents) {
      const lower = id.toLowerCase();
      if (lower === id) continue;
      if (ids.has(lower)) await db.deleteFrom('consent_records').where('id', '=', id).execute();
      else await db.updateTable('consent_records').set({ id: lower }).where('id', '=', id).execute();
      ids.add(lower);
    }
  },
  // Nothing to undo: the earlier code reads one spelling as well as several.
  async down() {},
};
