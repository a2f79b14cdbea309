import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sitePages } from '../../common/site-pages';
import { preferredEncoding } from '../http/content-encoding';
import { requestLanguage } from '../http/request-language';
import { contentSecurityPolicy } from '../http/security-headers';
import type { PageStore, StoredPage } from '../pages/page-store';

export interface PageRoutesOptions {
  pages: PageStore;
  https: boolean;
  analyticsOrigin: string | null;
}

/** If-None-Match (RFC 9110, 13.1.2): `*` or a list of tags, compared weakly. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === etag);
}

/** Serves the prerendered pages in the negotiated language; anything else gets the 404 page. */
export async function pageRoutes(app: FastifyInstance, { pages, https, analyticsOrigin }: PageRoutesOptions): Promise<void> {
  const send = (request: FastifyRequest, reply: FastifyReply, page: StoredPage) => {
    const encoding = preferredEncoding(request.headers['accept-encoding'], { brotli: page.body.br !== null });
    const etag = page.etag[encoding];
    reply
      .code(page.entry.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-language', page.entry.lng)
      .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
      .header('cache-control', 'no-cache')
      .header('etag', etag)
      .header('content-security-policy', contentSecurityPolicy({ scriptHashes: page.scriptHashes, analyticsOrigin, https }));
    if (page.entry.status === 200 && matchesEtag(request.headers['if-none-match'], etag)) {
      return reply.code(304).send();
    }
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(page.body[encoding] ?? page.body.identity);
  };

  const queryOf = (request: FastifyRequest) => new URL(request.url, 'http://localhost').searchParams;

  for (const page of sitePages) {
    app.get(page.path, async (request, reply) => {
      const query = queryOf(request);
      const lng = requestLanguage(request, query.get('lng'));
      return send(request, reply, pages.find(page.path, lng, query) ?? pages.notFound(lng));
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (!wantsPage) return reply.code(404).send({ success: false, error: 'not_found' });
    const lng = requestLanguage(request, queryOf(request).get('lng'));
    return send(request, reply, pages.notFound(lng));
  });
}
