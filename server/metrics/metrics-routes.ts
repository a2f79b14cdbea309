import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths } from '../../common/api-paths';
import type { SiteMetrics } from './metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Loopback, IPv4 or IPv6 (also as an IPv4-mapped address). */
const isLoopback = (address: string | undefined) =>
  address !== undefined && (/^(::ffff:)?127\./.test(address) || address === '::1');

/** Headers a proxy adds: a request that carries one came from elsewhere, whatever the socket says. */
const forwardedHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * GET /metrics (docs/contract.md#routes): with METRICS_TOKEN, only `Authorization:
 * Bearer <token>` (compared in constant time); without it, only a request
 * from this machine that no proxy passed on (nginx on the same machine
 * connects from loopback too, so a forwarded request is refused), and none at
 * all behind a proxy (TRUST_PROXY set): a proxy that passed a request on
 * without saying so would make any visitor "this machine". A query
 * string is refused outright, so a token put there is not taken and the
 * scrape fails loudly rather than the token ending in access logs.
 * Refusals touch no database; scrapes within a second share one reading.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, token, behindProxy = false }: { metrics: SiteMetrics; token: string | null; behindProxy?: boolean },
): Promise<void> {
  const expected = token === null ? null : digest(token);
  const allowed = (request: FastifyRequest) => {
    if (expected) {
      const given = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      return given !== undefined && timingSafeEqual(digest(given), expected);
    }
    return (
      !behindProxy &&
      isLoopback(request.socket.remoteAddress) &&
      forwardedHeaders.every((name) => !(name in request.headers))
    );
  };

  // Scrapes come every few seconds: only warnings and errors of theirs are logged.
  app.get(apiPaths.metrics, { logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.url.includes('?')) return reply.code(400).send({ success: false, error: 'invalid_request' });
    if (!allowed(request)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ success: false, error: 'unauthorized' });
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
