import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiPrefix } from '../../common/api-paths';
import type { FormResult } from '../../common/form-results';
import type { Language } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { formUrlencoded } from './form-urlencoded';

/**
 * Whether the browser itself sent the form (no JavaScript, or before the app
 * started): then the answer is a page, not JSON. The app's own requests send
 * JSON and never ask for HTML, and an /api/* route answers JSON whatever the
 * request looks like.
 */
export function wantsPage(request: FastifyRequest): boolean {
  if ((request.routeOptions.url ?? request.url).startsWith(apiPrefix)) return false;
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return (
    type === formUrlencoded ||
    request.headers['sec-fetch-mode'] === 'navigate' ||
    /\btext\/html\b/.test(request.headers.accept ?? '')
  );
}

/** The page a refusal shows, by its status code. */
export function refusalResult(statusCode: number): FormResult {
  switch (statusCode) {
    case 400:
      return 'invalid';
    case 403:
      return 'cross-site';
    case 404:
      return 'link-invalid';
    case 413:
      return 'too-large';
    case 415:
      return 'unsupported';
    case 429:
      return 'too-many';
    default:
      return 'failed';
  }
}

/** The prerendered page of a result, in the visitor's language; it holds nothing the visitor sent. */
export const formResultUrl = (result: FormResult, lng: Language) =>
  pageHref('form-result', lng, { variant: { status: result } });

/**
 * A form's success: the JSON of docs/contract.md#api-answers for the app, or `303 See Other` to the page
 * that says so, so reloading it sends nothing again.
 */
export function answerForm(
  request: FastifyRequest,
  reply: FastifyReply,
  result: FormResult,
  lng: Language,
  json: object = { success: true },
) {
  if (wantsPage(request)) return reply.redirect(formResultUrl(result, lng), 303);
  return reply.send(json);
}

/** Sends the prerendered result page with the refusal's own status code. */
export type SendFormResultPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  result: FormResult,
  lng: Language,
) => FastifyReply;
