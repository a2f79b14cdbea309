import type { FastifyError, FastifyInstance } from 'fastify';
import { describeError } from '../describe-error';

/** Error codes of DESIGN's JSON answers, by HTTP status. */
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

/** DESIGN's error code for an HTTP status. */
export const errorCode = (status: number) => codes[status] ?? 'internal_error';

/**
 * Every failure answers in DESIGN's shape, `{ success: false, error }`, with
 * no stack trace or internals. Bad input is a 4xx; only our own faults are 5xx.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500 && status !== 503) request.log.error({ err: describeError(error) }, 'request failed');
    const code =
      status === 400 && (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
        ? 'invalid_json'
        : errorCode(status);
    return reply.code(status).send({ success: false, error: code });
  });
}
