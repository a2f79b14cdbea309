import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { checkContactMessage } from '../../common/forms/contact-form';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { describeError } from '../describe-error';
import { HttpError } from '../http/http-error';
import { requestLanguage } from '../http/request-language';
import { enqueueMail, type OutboxWorker } from '../mail/outbox';
import { contactNotification } from '../mail/templates/contact-notification';

export interface ContactRouteOptions {
  config: ServerConfig;
  db: Database;
  outbox: OutboxWorker;
  guard: RouteShorthandOptions;
}

/**
 * POST /send-contact.php: validate, store the message and its notification
 * mail in one transaction, answer 200 only after the commit.
 */
export async function contactRoutes(app: FastifyInstance, { config, db, outbox, guard }: ContactRouteOptions): Promise<void> {
  const host = new URL(config.siteUrl).hostname;

  app.post('/send-contact.php', guard, async (request, reply) => {
    const check = checkContactMessage(request.body);
    if (!check.success) {
      return reply
        .code(400)
        .send({ success: false, error: check.unknownFields ? 'unknown_fields' : 'invalid_input', fields: check.fields });
    }
    const message = check.data;
    const language = requestLanguage(request, message.language);
    const spam = Boolean(message.website);
    const receivedAt = new Date();
    try {
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
        const mail = contactNotification(message, { from: config.mailFrom, to: config.contactTo, language, receivedAt });
        await enqueueMail(trx, 'contact-notification', mail, { host, now: receivedAt.getTime() });
      });
    } catch (error) {
      request.log.error({ err: describeError(error) }, 'contact: storage failed');
      throw new HttpError(503, 'unavailable');
    }
    if (spam) request.log.info('contact: spam trap filled; stored, not mailed');
    else outbox.nudge();
    return { success: true };
  });
}
