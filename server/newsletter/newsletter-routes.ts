import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { apiPaths } from '../../common/api-paths';
import type { FormResult } from '../../common/form-results';
import { languageCodes } from '../../common/languages';
import { languageParam, localizedPath } from '../../common/page-urls';
import { findPage } from '../../common/site-pages';
import { checkNewsletterSignup, newsletterTokenSchema } from '../../common/forms/newsletter-form';
import type { Database } from '../db/database';
import { describeError } from '../describe-error';
import { answerForm } from '../http/form-answer';
import { jsonOnly } from '../http/form-guard';
import { HttpError, ignoredFields, invalidForm } from '../http/http-error';
import { requestLanguage } from '../http/request-language';
import { acceptOneClickMultipart, isOneClick } from './one-click';
import { confirm, requestSignUp, unsubscribe, type TokenActionOptions, type TokenOutcome } from './subscriptions';
import type { QueueWorker } from '../queue/queue-worker';

export interface NewsletterRouteOptions {
  db: Database;
  /** Null without NEWSLETTER_PROVIDER: then nothing is handed on. */
  newsletterSync: QueueWorker | null;
  guard: RouteShorthandOptions;
}

const storageDown = (error: unknown) => {
  if (error instanceof HttpError) return error;
  return new HttpError(503, 'unavailable');
};

interface TokenAction {
  /** The page a mail links to; its form posts back to it, token and all, when scripts do not run. */
  page: string;
  /** The JSON API the page's script posts `{token}` to. */
  api: string;
  act: (db: Database, token: string, options: TokenActionOptions) => Promise<TokenOutcome>;
  done: 'confirmed' | 'unsubscribed';
  result: FormResult;
  /** The page also takes a mail client's one-click request (RFC 8058), which the mail's List-Unsubscribe points to. */
  oneClick: boolean;
}

const tokenActions: TokenAction[] = [
  {
    page: findPage('newsletter-confirm').path,
    api: apiPaths.newsletterConfirm,
    act: confirm,
    done: 'confirmed',
    result: 'newsletter-confirmed',
    oneClick: false,
  },
  {
    page: findPage('newsletter-unsubscribe').path,
    api: apiPaths.newsletterUnsubscribe,
    act: unsubscribe,
    done: 'unsubscribed',
    result: 'newsletter-unsubscribed',
    oneClick: true,
  },
];

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
  for (const action of tokenActions) {
    const act = async (request: FastifyRequest, reply: FastifyReply, token: unknown, query: URLSearchParams) => {
      const parsed = newsletterTokenSchema.safeParse(token);
      if (!parsed.success) throw new HttpError(404, 'invalid_token');
      let outcome: TokenOutcome;
      try {
        outcome = await action.act(db, parsed.data.token, { sync });
      } catch (error) {
        request.log.error({ err: describeError(error) }, 'newsletter: storage failed');
        throw storageDown(error);
      }
      if (outcome === 'invalid') throw new HttpError(404, 'invalid_token');
      if (outcome === 'done') newsletterSync?.nudge();
      const answer = { success: true, status: outcome === 'done' ? action.done : `already_${action.done}` };
      // A mail client's one-click request (RFC 8058) gets its answer here: no redirect, no page to visit.
      if (action.oneClick && isOneClick(request.body)) return reply.send(answer);
      // `?lng=` is a page of the old addresses, still open in a browser.
      return answerForm(request, reply, action.result, requestLanguage(request, query.get(languageParam)), answer);
    };
    const queryOf = (request: FastifyRequest) => new URL(request.url, 'http://localhost').searchParams;
    app.post(action.api, jsonOnly(guard), (request, reply) => act(request, reply, request.body, queryOf(request)));
    await app.register(async (scope) => {
      if (action.oneClick) acceptOneClickMultipart(scope);
      // The page's form sends no fields: the token is in the address the mail linked to, in each language.
      for (const lng of languageCodes) {
        scope.post(localizedPath(action.page, lng), guard, (request, reply) => {
          const query = queryOf(request);
          return act(request, reply, { token: query.get('token') }, query);
        });
      }
    });
  }
}
