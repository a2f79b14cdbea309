import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface CspOptions {
  /** 'sha256-…' hashes of the page's inline scripts. */
  scriptHashes?: readonly string[];
  /** Extra origins allowed to serve scripts and receive beacons (consented analytics). */
  analyticsOrigin?: string | null;
  https: boolean;
}

/** The Content-Security-Policy of a page: nothing runs but our own files and hashed inline scripts. */
export function contentSecurityPolicy({ scriptHashes = [], analyticsOrigin, https }: CspOptions): string {
  const extra = analyticsOrigin ? [analyticsOrigin] : [];
  const directives = [
    "default-src 'none'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`), ...extra].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...extra].join(' '),
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
 * The headers every answer carries, whatever produced it (DESIGN, API). Pages
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

export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }): void {
  const headers = Object.entries(securityHeaders({ https }));
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of headers) {
      if (name !== 'content-security-policy' || !reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}

/**
 * Node answers requests it cannot hand to Fastify (malformed HTTP, headers too
 * large, a client too slow) on the raw socket. This answers those too with the
 * security headers and DESIGN's JSON error shape, then drops the connection.
 */
export function clientErrorHandler({ https }: { https: boolean }): (error: Error & { code?: string }, socket: Socket) => void {
  const headers = Object.entries(securityHeaders({ https }))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'headers_too_large']
          : [400, 'invalid_request'];
    const body = JSON.stringify({ success: false, error: code });
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n${headers}connection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  };
}
