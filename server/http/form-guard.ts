import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { apiPaths } from '../../common/api-paths';
import { periodMs, retention } from '../../common/retention';
import { HttpError } from './http-error';

export const formRateLimitWindowMs = periodMs(retention.rateLimitWindow);

/** Every public POST endpoint; any other method on them answers 405. */
export const formRoutes = [
  apiPaths.contact,
  apiPaths.newsletter,
  apiPaths.newsletterConfirm,
  apiPaths.newsletterUnsubscribe,
  apiPaths.jobAlerts,
  apiPaths.jobAlertsConfirm,
  apiPaths.jobAlertsUnsubscribe,
  apiPaths.consentRecord,
];

/**
 * Refuses browser POSTs from other sites: by Sec-Fetch-Site where the browser
 * sends it, and by an Origin that is neither SITE_URL's nor one of
 * ALLOWED_ORIGINS. Clients that send neither (curl, servers) pass.
 */
export function isCrossSite(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && !allowedOrigins.has(origin);
}

/** A body sent compressed (Content-Encoding other than identity), which the forms do not take. */
const isEncoded = (request: FastifyRequest) => {
  const encoding = request.headers['content-encoding'];
  return encoding !== undefined && encoding.trim().toLowerCase() !== 'identity';
};

/**
 * Everything public forms share: JSON only, the per-address rate limit
 * (FORM_RATE_LIMIT per 10 minutes; refused submissions count too; counted in
 * `store`, which keeps no address), the cross-site refusal and the refusal of
 * compressed bodies. Returns the route options each form endpoint uses.
 */
export async function registerFormGuard(
  app: FastifyInstance,
  {
    siteUrl,
    allowedOrigins,
    formRateLimit,
    store,
  }: { siteUrl: string; allowedOrigins: readonly string[]; formRateLimit: number; store: FastifyRateLimitStoreCtor },
): Promise<RouteShorthandOptions> {
  await app.register(rateLimit, {
    global: false,
    store,
    ipv6Subnet: 56,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'rate_limited',
      message: 'rate_limited',
    }),
  });
  const origins = new Set([new URL(siteUrl).origin, ...allowedOrigins]);
  for (const url of formRoutes) {
    app.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url,
      handler: async (_request, reply) =>
        reply.code(405).header('allow', 'POST').send({ success: false, error: 'method_not_allowed' }),
    });
  }
  return {
    config: { rateLimit: { max: formRateLimit, timeWindow: formRateLimitWindowMs, hook: 'onRequest' } },
    // After the rate limit (an onRequest hook), so refused posts count too; before the body is read.
    preParsing: async (request, reply, payload) => {
      if (isCrossSite(request, origins)) throw new HttpError(403, 'forbidden');
      if (isEncoded(request)) {
        // RFC 9110, 15.5.16: say which content codings would have been accepted.
        reply.header('accept-encoding', 'identity');
        throw new HttpError(415, 'unsupported_media_type');
      }
      return payload;
    },
  };
}

/**
 * The guard for an /api/* route, which takes JSON alone (415 otherwise, in
 * the JSON shape like every refusal there): the browser's own form posts go
 * to the form endpoints and pages, never to the API.
 */
export function jsonOnly(guard: RouteShorthandOptions): RouteShorthandOptions {
  const guardParsing = guard.preParsing;
  return {
    ...guard,
    preParsing: [
      ...(Array.isArray(guardParsing) ? guardParsing : guardParsing ? [guardParsing] : []),
      async (request, _reply, payload) => {
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/json') throw new HttpError(415, 'unsupported_media_type');
        return payload;
      },
    ],
  };
}
