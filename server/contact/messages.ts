import { randomUUID } from 'node:crypto';
import { contactForm, type ContactColumns, type ContactMessage } from '../../common/forms/contact-form';
import { columnOf } from '../../common/forms/form-fields';
import type { Language } from '../../common/languages';
import type { Database } from '../db/database';
import { enqueueMail } from '../mail/outbox';
import { contactNotification } from '../mail/templates/contact-notification';
import type { AddressHasher } from '../privacy/address-hash';

export interface StoreContext {
  mailFrom: string;
  contactTo: string;
  /** For the one thing a honeypot hit keeps of the address: its keyed hash. */
  hash: AddressHasher;
  /** The site's host name, for the mail's Message-ID. */
  host: string;
  receivedAt?: Date;
}

/** The columns of a message: each field the form keeps, an empty optional one as null. */
function keptColumns(message: ContactMessage): ContactColumns {
  const entries = contactForm.fields
    .filter((field) => field.kept)
    .map((field) => [columnOf(field.name), message[field.name as keyof ContactMessage] || null]);
  return Object.fromEntries(entries) as ContactColumns;
}

/**
 * Stores a contact message and its notification mail in one transaction.
 * A message that filled the honeypot is kept only as the fact, its time and a
 * keyed hash of the address (docs/decisions/0032-records-keep-only-what-they-prove.md), and is not mailed. Returns whether
 * a mail was queued.
 */
export async function storeContactMessage(
  db: Database,
  message: ContactMessage,
  language: Language,
  context: StoreContext,
): Promise<boolean> {
  const receivedAt = context.receivedAt ?? new Date();
  if (message.website) {
    await db
      .insertInto('honeypot_hits')
      .values({ id: randomUUID(), received_at: receivedAt.getTime(), email_hash: context.hash.email(message.email) })
      .execute();
    return false;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('contact_messages')
      .values({ id: randomUUID(), received_at: receivedAt.getTime(), language, ...keptColumns(message) })
      .execute();
    const mail = contactNotification(message, { from: context.mailFrom, to: context.contactTo, language, receivedAt });
    await enqueueMail(trx, 'contact-notification', mail, { host: context.host, now: receivedAt.getTime() });
  });
  return true;
}
