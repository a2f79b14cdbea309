import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { describeError } from '../describe-error';
import { anonymizeIp } from './anonymize-ip';

/** Request log lines carry the method, the path without its query, and a truncated address. */
export const requestLogSerializers = {
  req: (request: { method?: string; url?: string; ip?: string }) => ({
    method: request.method,
    path: request.url?.split('?')[0],
    client: anonymizeIp(request.ip),
  }),
};

/** The route template of an answer; the 404 handler and the static files are one label each. */
export function routeLabel(request: FastifyRequest): string {
  if (request.is404) return '(not found)';
  const { url, config } = request.routeOptions;
  // @fastify/static registers one route per file; a new build would bring new labels.
  if ((config as { file?: unknown }).file !== undefined) return '(static file)';
  return url ?? '(no route)';
}

/** The one line of a request, written once it is answered. */
export function logRequest(request: FastifyRequest, reply: FastifyReply, error?: Error | null): void {
  const line = {
    req: request,
    route: routeLabel(request),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime),
  };
  if (error) reply.log.error({ ...line, err: describeError(error) }, 'request');
  else reply.log.info(line, 'request');
}

/**
 * One log line per request, when it is answered: `{"req":{method,path,client},
 * "route","status","ms","msg":"request"}` (with `err` when it failed), instead of
 * Fastify's two. Fastify's own "route not found" line is left out: it would
 * carry the query, and the request line says 404 already.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    logRequest(request, reply, error);
  }
}
