import { randomUUID } from 'node:crypto';
import type { ContactMessage } from '../../common/forms/contact-form';
import type { Language } from '../../common/languages';
import type { Database } from '../db/database';
import { enqueueMail } from '../mail/outbox';
import { contactNotification } from '../mail/templates/contact-notification';

export interface StoreContext {
  mailFrom: string;
  contactTo: string;
  /** The site's host name, for the mail's Message-ID. */
  host: string;
  receivedAt?: Date;
}

/**
 * Stores a contact message and, unless the honeypot was filled, its
 * notification mail, in one transaction. Returns whether a mail was queued.
 */
export async function storeContactMessage(
  db: Database,
  message: ContactMessage,
  language: Language,
  context: StoreContext,
): Promise<boolean> {
  const receivedAt = context.receivedAt ?? new Date();
  const spam = Boolean(message.website);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('contact_messages')
      .values({
        id: randomUUID(),
        received_at: receivedAt.getTime(),
        name: message.name,
        email: message.email,
        subject: message.subject || null,
        message: message.message,
        language,
        is_spam: spam ? 1 : 0,
      })
      .execute();
    if (spam) return;
    const mail = contactNotification(message, { from: context.mailFrom, to: context.contactTo, language, receivedAt });
    await enqueueMail(trx, 'contact-notification', mail, { host: context.host, now: receivedAt.getTime() });
  });
  return !spam;
}
