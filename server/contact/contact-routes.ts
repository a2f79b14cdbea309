import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { apiPaths } from '../../common/api-paths';
import { checkContactMessage } from '../../common/forms/contact-form';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { describeError } from '../describe-error';
import { answerForm } from '../http/form-answer';
import { HttpError, ignoredFields, invalidForm } from '../http/http-error';
import { requestLanguage } from '../http/request-language';
import type { QueueWorker } from '../queue/queue-worker';
import { storeContactMessage } from './messages';

export interface ContactRouteOptions {
  config: ServerConfig;
  db: Database;
  outbox: QueueWorker;
  guard: RouteShorthandOptions;
}

/** POST /send-contact.php, as JSON or as the browser's own form post: validate, store the message and its mail, answer only after the commit. */
export async function contactRoutes(
  app: FastifyInstance,
  { config, db, outbox, guard }: ContactRouteOptions,
): Promise<void> {
  const host = new URL(config.siteUrl).hostname;

  app.post(apiPaths.contact, guard, async (request, reply) => {
    const check = checkContactMessage(request.body);
    if (!check.success) throw invalidForm(check);
    ignoredFields(request, check.ignored);
    const message = check.data;
    const language = requestLanguage(request, message.language);
    let queued: boolean;
    try {
      queued = await storeContactMessage(db, message, language, {
        mailFrom: config.mailFrom,
        contactTo: config.contactTo,
        hash: app.addressHash,
        host,
      });
    } catch (error) {
      request.log.error({ err: describeError(error) }, 'contact: storage failed');
      throw new HttpError(503, 'unavailable');
    }
    if (queued) outbox.nudge();
    else request.log.info('contact: spam trap filled; the hit noted, nothing mailed');
    return answerForm(request, reply, 'contact-sent', language);
  });
}
