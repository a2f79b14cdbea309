import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../http/content-encoding';
import { contentSecurityPolicy, type AnalyticsSources } from '../http/security-headers';
import type { StoredPage } from '../documents/page-store';

export interface SendPageOptions {
  https: boolean;
  analytics: AnalyticsSources | null;
  /**
   * Chosen for this visitor by cookie, Accept-Language and where the visit came from (only the site root):
   * kept by the browser alone. Every other page is the same for everyone, so
   * shared caches may keep it (and revalidate it: a new deployment shows at once).
   */
  negotiated?: boolean;
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
  { https, analytics, negotiated = false }: SendPageOptions,
): FastifyReply {
  if (reply.statusCode < 400) reply.code(page.entry.status);
  const encoding = preferredEncoding(request.headers['accept-encoding'], { brotli: page.body.br !== null });
  const etag = page.etag[encoding];
  reply
    .header(
      'content-type',
      page.entry.type === 'atom' ? 'application/atom+xml; charset=utf-8' : 'text/html; charset=utf-8',
    )
    .header('content-language', page.entry.lng)
    .header(
      'vary',
      negotiated ? 'Accept-Language, Cookie, Sec-Fetch-Site, Referer, Accept-Encoding' : 'Accept-Encoding',
    )
    .header('cache-control', negotiated ? 'private, no-cache' : 'no-cache')
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
