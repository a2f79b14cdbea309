import type { FastifyError, FastifyInstance } from 'fastify';
import { describeError } from '../describe-error';
import { formResultUrl, refusalResult, wantsPage, type SendFormResultPage } from './form-answer';
import { HttpError } from './http-error';
import { languageParam } from '../../common/page-urls';
import { requestLanguage } from './request-language';

/** Error codes of the JSON answers (docs/contract.md#api-answers), by HTTP status. */
const codes: Record<number, string> = {
  400: 'invalid_request',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
  503: 'unavailable',
};

/** The JSON answers' error code for an HTTP status. */
export const errorCode = (status: number) => codes[status] ?? 'internal_error';

const codeOf = (error: FastifyError, status: number) => {
  if (error instanceof HttpError) return error.code;
  if (status === 400 && (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError))
    return 'invalid_json';
  return errorCode(status);
};

/**
 * Every failure answers in the shape of docs/contract.md#api-answers, `{ success: false, error }`, with
 * no stack trace or internals. Bad input is a 4xx; only our own faults are 5xx.
 * A form the browser sent itself gets the same status with a page that says
 * what happened (`formResultPage`; without prerendered pages, in development,
 * a redirect to it).
 */
export function registerErrorHandler(
  app: FastifyInstance,
  { formResultPage }: { formResultPage?: SendFormResultPage } = {},
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500 && status !== 503) request.log.error({ err: describeError(error) }, 'request failed');
    reply.code(status);
    if (request.method === 'POST' && request.routeOptions.url !== undefined && wantsPage(request)) {
      const body = request.body as { language?: unknown } | undefined;
      // `?lng=` is a page of the old addresses (a newsletter page still open in a browser).
      const legacy = new URL(request.url, 'http://localhost').searchParams.get(languageParam);
      const lng = requestLanguage(request, body?.language ?? legacy);
      const result = refusalResult(status);
      return formResultPage
        ? formResultPage(request, reply, result, lng)
        : reply.redirect(formResultUrl(result, lng), 303);
    }
    return reply.send({
      success: false,
      error: codeOf(error, status),
      ...(error instanceof HttpError ? error.details : {}),
    });
  });
}
