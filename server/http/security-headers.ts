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

/** Headers every answer carries, whatever produced it (DESIGN, API). */
export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }): void {
  const baseCsp = contentSecurityPolicy({ https });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', baseCsp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
