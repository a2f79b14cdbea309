import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { apiPaths } from '../../common/api-paths';
import { findPage } from '../../common/site-pages';
import { checkNewsletterSignup } from '../../common/forms/newsletter-form';
import type { Database } from '../db/database';
import { describeError } from '../describe-error';
import { answerForm } from '../http/form-answer';
import { ignoredFields, invalidForm } from '../http/http-error';
import { requestLanguage } from '../http/request-language';
import { optInTokenRoutes, storageDown } from '../opt-in/token-routes';
import { confirm, requestSignUp, unsubscribe } from './subscriptions';
import type { QueueWorker } from '../queue/queue-worker';

export interface NewsletterRouteOptions {
  db: Database;
  /** Null without NEWSLETTER_PROVIDER: then nothing is handed on. */
  newsletterSync: QueueWorker | null;
  guard: RouteShorthandOptions;
}

/**
 * The newsletter API: double opt-in sign-up, then confirm and unsubscribe by
 * the tokens in the mail, each by POST (a link scanner's GET does nothing).
 * Each takes the app's JSON and the browser's own form post.
 */
export async function newsletterRoutes(
  app: FastifyInstance,
  { db, newsletterSync, guard }: NewsletterRouteOptions,
): Promise<void> {
  app.post(apiPaths.newsletter, guard, async (request, reply) => {
    const check = checkNewsletterSignup(request.body);
    if (!check.success) throw invalidForm(check);
    ignoredFields(request, check.ignored);
    const language = requestLanguage(request, check.data.language);
    try {
      await requestSignUp(db, check.data.email, language, { tracking: check.data.tracking ?? false });
    } catch (error) {
      request.log.error({ err: describeError(error) }, 'newsletter: storage failed');
      throw storageDown(error);
    }
    // No nudge: the outbox carries the sign-up out on its next round (within a second), so its
    // cost, which depends on whether the address is known, does not follow this request at once.
    return answerForm(request, reply, 'newsletter-pending', language);
  });

  const sync = newsletterSync !== null;
  await optInTokenRoutes(app, {
    name: 'newsletter',
    guard,
    changed: () => newsletterSync?.nudge(),
    actions: [
      {
        page: findPage('newsletter-confirm').path,
        api: apiPaths.newsletterConfirm,
        act: (token) => confirm(db, token, { sync }),
        done: 'confirmed',
        result: 'newsletter-confirmed',
        oneClick: false,
      },
      {
        page: findPage('newsletter-unsubscribe').path,
        api: apiPaths.newsletterUnsubscribe,
        act: (token) => unsubscribe(db, token, { sync }),
        done: 'unsubscribed',
        result: 'newsletter-unsubscribed',
        oneClick: true,
      },
    ],
  });
}
