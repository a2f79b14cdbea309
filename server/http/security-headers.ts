import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { analyticsServices } from '../../common/services';
import type { AnalyticsConfig } from '../config';
import { anonymizeIp } from './anonymize-ip';
import { errorCode } from './error-handler';
import { HttpError } from './http-error';
import { logRequest } from './request-log';

/** Where the consented analytics may load scripts and images from and send data to. */
export interface AnalyticsSources {
  scripts: readonly string[];
  connects: readonly string[];
  images: readonly string[];
}

export interface CspOptions {
  /** 'sha256-…' hashes of the page's inline scripts. */
  scriptHashes?: readonly string[];
  analytics?: AnalyticsSources | null;
  https: boolean;
}

/** The sources the analytics of ANALYTICS_PROVIDER needs: its script's origin, and what the registry lists for it. */
export function analyticsSources(analytics: AnalyticsConfig | null): AnalyticsSources | null {
  if (!analytics) return null;
  const origin = new URL(analytics.scriptUrl).origin;
  const service = analyticsServices[analytics.provider];
  const unique = (sources: readonly string[]) => [...new Set(sources)];
  return {
    scripts: unique([origin, ...(service.scripts ?? [])]),
    connects: unique([origin, ...(service.connects ?? [])]),
    images: unique(service.images ?? []),
  };
}

/** The Content-Security-Policy of a page: nothing runs but our own files and hashed inline scripts. */
export function contentSecurityPolicy({ scriptHashes = [], analytics, https }: CspOptions): string {
  const directives = [
    "default-src 'none'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`), ...(analytics?.scripts ?? [])].join(' '),
    "style-src 'self'",
    ["img-src 'self' data:", ...(analytics?.images ?? [])].join(' '),
    "font-src 'self'",
    ["connect-src 'self'", ...(analytics?.connects ?? [])].join(' '),
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/**
 * The Content-Security-Policy of an SVG opened at its own address, where it is a document of the site:
 * it may draw, nothing more (no script, nothing loaded, no form, never framed, sandboxed; its own
 * style sheets, which the contract's policy never allows inline, apply where a page shows it by <img>). The build lets no such thing into an SVG (scripts/pictures/svg-check.ts); this holds
 * even if one got in. Shown by <img>, an SVG runs nothing whatever its headers say.
 */
export const svgContentSecurityPolicy =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";

/**
 * The headers every answer carries, whatever produced it (docs/contract.md#headers-and-caching). Pages
 * replace the Content-Security-Policy with one naming their inline scripts.
 */
export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy({ https }),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** The security headers on every answer; JSON answers (personal, one-time) are never stored by a cache. */
export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }): void {
  const headers = Object.entries(securityHeaders({ https }));
  app.addHook('onSend', async (_request, reply, payload) => {
    // What a route set wins: pages name their inline scripts in their policy, the editor (/admin/) has its own.
    for (const [name, value] of headers) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (!reply.hasHeader('cache-control') && String(reply.getHeader('content-type')).startsWith('application/json')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/** The headers of a refusal answered outside Fastify's hooks: the security headers, JSON, never stored. */
function refusalHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    ...securityHeaders({ https }),
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  };
}

/**
 * Node answers requests it cannot hand to Fastify (malformed HTTP, headers too
 * large, a client too slow) on the raw socket. This answers those too with the
 * security headers and the JSON error shape (docs/contract.md#api-answers), logs them as Fastify logs
 * other refusals, then drops the connection.
 */
export function clientErrorHandler({
  https,
  log,
}: {
  https: boolean;
  log: () => FastifyBaseLogger;
}): (error: Error & { code?: string }, socket: Socket) => void {
  const headers = Object.entries(refusalHeaders({ https }))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const code = errorCode(status);
    log().info(
      { client: anonymizeIp(socket.remoteAddress), status, reason: error.code },
      'request refused before routing',
    );
    const body = JSON.stringify({ success: false, error: code });
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  };
}

/**
 * Fastify's router answers a URL it cannot decode (`/%c0`, `/%zz`) itself,
 * outside the hooks and echoing the path back. This answers it like any other
 * refusal, and logs it like one.
 */
export function frameworkErrorHandler({ https }: { https: boolean }) {
  const headers = refusalHeaders({ https });
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.statusCode === 414 ? 414 : error.statusCode && error.statusCode >= 500 ? 500 : 400;
    // Fastify does not log the answer of such a request.
    reply.raw.once('finish', () => logRequest(request, reply));
    void reply
      .code(status)
      .headers(headers)
      .send({ success: false, error: errorCode(status) });
  };
}

/**
 * HTTP/1.1 requires a Host header (RFC 9112, 3.2). Node would refuse a request
 * without one on its own, bare; the server lets it through to this hook instead.
 */
export function registerHostCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return;
    reply.header('connection', 'close');
    throw new HttpError(400, 'invalid_request');
  });
}
