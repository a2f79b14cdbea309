import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../http/content-encoding';
import { contentSecurityPolicy, type AnalyticsSources } from '../http/security-headers';
import type { StoredPage } from './page-store';

export interface SendPageOptions {
  https: boolean;
  analytics: AnalyticsSources | null;
}

/**
 * Sends a prerendered page with its own Content-Security-Policy, compressed as
 * the client accepts. The status is the page's own (200, or 404 for the
 * page-not-found screen) unless the reply already has an error status, as a
 * refused form's result page does.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: StoredPage,
  { https, analytics }: SendPageOptions,
): FastifyReply {
  if (reply.statusCode < 400) reply.code(page.entry.status);
  const encoding = preferredEncoding(request.headers['accept-encoding'], { brotli: page.body.br !== null });
  const etag = page.etag[encoding];
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-language', page.entry.lng)
    .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
    .header('cache-control', 'no-cache')
    .header('etag', etag)
    .header('content-security-policy', contentSecurityPolicy({ scriptHashes: page.scriptHashes, analytics, https }));
  if (reply.statusCode === 200 && matchesEtag(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(page.body[encoding] ?? page.body.identity);
}

/** If-None-Match (RFC 9110, 13.1.2): `*` or a list of tags, compared weakly. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === etag);
}
