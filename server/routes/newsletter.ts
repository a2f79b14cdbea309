import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { checkNewsletterSignup, newsletterTokenSchema } from '../../common/forms/newsletter-form';
import type { Database } from '../db/database';
import { describeError } from '../describe-error';
import { HttpError } from '../http/http-error';
import { requestLanguage } from '../http/request-language';
import { confirm, requestSignUp, unsubscribe, type TokenOutcome } from '../newsletter/subscriptions';

export interface NewsletterRouteOptions {
  db: Database;
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
export async function newsletterRoutes(app: FastifyInstance, { db, guard }: NewsletterRouteOptions): Promise<void> {
  app.post('/subscribe-newsletter.php', guard, async (request, reply) => {
    const check = checkNewsletterSignup(request.body);
    if (!check.success) {
      return reply
        .code(400)
        .send({ success: false, error: check.unknownFields ? 'unknown_fields' : 'invalid_input', fields: check.fields });
    }
    const language = requestLanguage(request, check.data.language);
    try {
      await requestSignUp(db, check.data.email, language);
    } catch (error) {
      request.log.error({ err: describeError(error) }, 'newsletter: storage failed');
      throw storageDown(error);
    }
    // No nudge: the outbox carries the sign-up out on its next round (within a second), so its
    // cost, which depends on whether the address is known, does not follow this request at once.
    return { success: true };
  });

  const tokenRoute = (url: string, action: (db: Database, token: string) => Promise<TokenOutcome>, doneStatus: string) => {
    app.post(url, guard, async (request, reply) => {
      const parsed = newsletterTokenSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(404).send({ success: false, error: 'invalid_token' });
      let outcome: TokenOutcome;
      try {
        outcome = await action(db, parsed.data.token);
      } catch (error) {
        request.log.error({ err: describeError(error) }, 'newsletter: storage failed');
        throw storageDown(error);
      }
      if (outcome === 'invalid') return reply.code(404).send({ success: false, error: 'invalid_token' });
      return { success: true, status: outcome === 'done' ? doneStatus : `already_${doneStatus}` };
    });
  };
  tokenRoute('/api/newsletter/confirm', confirm, 'confirmed');
  tokenRoute('/api/newsletter/unsubscribe', unsubscribe, 'unsubscribed');
}
