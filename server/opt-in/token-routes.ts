import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { FormResult } from '../../common/form-results';
import { optInTokenSchema } from '../../common/forms/opt-in-token';
import { languageCodes } from '../../common/languages';
import { languageParam, localizedPath } from '../../common/page-urls';
import { describeError } from '../describe-error';
import { answerForm } from '../http/form-answer';
import { jsonOnly } from '../http/form-guard';
import { HttpError } from '../http/http-error';
import { requestLanguage } from '../http/request-language';
import { acceptOneClickMultipart, isOneClick } from './one-click';
import type { TokenOutcome } from './subscriptions';

/** What a failure of the database answers: 503, unless it already is an answer. */
export const storageDown = (error: unknown) => {
  if (error instanceof HttpError) return error;
  return new HttpError(503, 'unavailable');
};

/** One of a list's two token actions, at the page a mail links to and at its JSON API. */
export interface TokenAction {
  /** The page a mail links to (its path in German); its form posts back to it, token and all, when scripts do not run. */
  page: string;
  /** The JSON API the page's script posts `{token}` to. */
  api: string;
  act: (token: string) => Promise<TokenOutcome>;
  done: 'confirmed' | 'unsubscribed';
  result: FormResult;
  /** The page also takes a mail client's one-click request (RFC 8058), which the mail's List-Unsubscribe points to. */
  oneClick: boolean;
}

export interface TokenRouteOptions {
  actions: readonly TokenAction[];
  guard: RouteShorthandOptions;
  /** Names the list in log lines. */
  name: string;
  /** Told when an action changed something (the newsletter nudges its provider's sync). */
  changed?: () => void;
}

/**
 * A list's confirm and unsubscribe routes: by the token in the mail, each by POST (a link
 * scanner's GET does nothing), from the page's script as JSON, from the page's own form
 * without scripts, and, for unsubscribing, as a mail client's one-click request.
 */
export async function optInTokenRoutes(
  app: FastifyInstance,
  { actions, guard, name, changed }: TokenRouteOptions,
): Promise<void> {
  for (const action of actions) {
    const act = async (request: FastifyRequest, reply: FastifyReply, token: unknown, query: URLSearchParams) => {
      const parsed = optInTokenSchema.safeParse(token);
      if (!parsed.success) throw new HttpError(404, 'invalid_token');
      let outcome: TokenOutcome;
      try {
        outcome = await action.act(parsed.data.token);
      } catch (error) {
        request.log.error({ err: describeError(error) }, `${name}: storage failed`);
        throw storageDown(error);
      }
      if (outcome === 'invalid') throw new HttpError(404, 'invalid_token');
      if (outcome === 'done') changed?.();
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
