import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { checkNewsletterSignup, newsletterTokenSchema } from '../../common/forms/newsletter-form';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { describeError } from '../describe-error';
import { HttpError } from '../http/http-error';
import { requestLanguage } from '../http/request-language';
import type { OutboxWorker } from '../mail/outbox';
import { confirm, signUp, unsubscribe, type TokenActionOptions, type TokenOutcome } from '../newsletter/subscriptions';
import type { NewsletterSyncWorker } from '../newsletter/sync-worker';

export interface NewsletterRouteOptions {
  config: ServerConfig;
  db: Database;
  outbox: OutboxWorker;
  /** Null without NEWSLETTER_PROVIDER: then nothing is handed on. */
  newsletterSync: NewsletterSyncWorker | null;
  guard: RouteShorthandOptions;
}

const storageDown = (error: unknown) => {
  if (error instanceof HttpError) return error;
  return new HttpError(503, 'unavailable');
};

/**
 * The newsletter API: double opt-in sign-up, then confirm and unsubscribe by
 * the tokens in the mail, each by POST (a link scanner's GET does nothing).
 */
export async function newsletterRoutes(app: FastifyInstance, { config, db, outbox, newsletterSync, guard }: NewsletterRouteOptions): Promise<void> {
  app.post('/subscribe-newsletter.php', guard, async (request, reply) => {
    const check = checkNewsletterSignup(request.body);
    if (!check.success) {
      return reply
        .code(400)
        .send({ success: false, error: check.unknownFields ? 'unknown_fields' : 'invalid_input', fields: check.fields });
    }
    const language = requestLanguage(request, check.data.language);
    let queued: boolean;
    try {
      queued = await signUp(db, check.data.email, language, { siteUrl: config.siteUrl, mailFrom: config.mailFrom });
    } catch (error) {
      request.log.error({ err: describeError(error) }, 'newsletter: storage failed');
      throw storageDown(error);
    }
    if (queued) outbox.nudge();
    return { success: true };
  });

  const sync = newsletterSync !== null;
  const tokenRoute = (url: string, action: (db: Database, token: string, options: TokenActionOptions) => Promise<TokenOutcome>, doneStatus: string) => {
    app.post(url, guard, async (request, reply) => {
      const parsed = newsletterTokenSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(404).send({ success: false, error: 'invalid_token' });
      let outcome: TokenOutcome;
      try {
        outcome = await action(db, parsed.data.token, { sync });
      } catch (error) {
        request.log.error({ err: describeError(error) }, 'newsletter: storage failed');
        throw storageDown(error);
      }
      if (outcome === 'invalid') return reply.code(404).send({ success: false, error: 'invalid_token' });
      if (outcome === 'done') newsletterSync?.nudge();
      return { success: true, status: outcome === 'done' ? doneStatus : `already_${doneStatus}` };
    });
  };
  tokenRoute('/api/newsletter/confirm', confirm, 'confirmed');
  tokenRoute('/api/newsletter/unsubscribe', unsubscribe, 'unsubscribed');
}
