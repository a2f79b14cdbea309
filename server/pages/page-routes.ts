import { parse as parseCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, languageCookie, languageCookieName } from '../../common/languages';
import { sitePages } from '../../common/site-pages';
import { requestLanguage } from '../http/request-language';
import type { PageStore } from './page-store';
import { sendPage, type SendPageOptions } from './send-page';

export interface PageRoutesOptions extends SendPageOptions {
  pages: PageStore;
}

/**
 * A language chosen with `?lng=` is kept in the `i18next` cookie, as the app
 * keeps it: without scripts too, the next plain link stays in that language.
 */
function rememberChosenLanguage(
  request: FastifyRequest,
  reply: FastifyReply,
  chosen: string | null,
  https: boolean,
): void {
  if (!isLanguage(chosen) || parseCookie(request.headers.cookie ?? '')[languageCookieName] === chosen) return;
  reply.header('set-cookie', languageCookie(chosen, https));
}

/** Serves the prerendered pages in the negotiated language; anything else gets the 404 page. */
export async function pageRoutes(app: FastifyInstance, { pages, ...options }: PageRoutesOptions): Promise<void> {
  const queryOf = (request: FastifyRequest) => new URL(request.url, 'http://localhost').searchParams;

  for (const page of sitePages) {
    app.get(page.path, async (request, reply) => {
      const query = queryOf(request);
      const lng = requestLanguage(request, query.get('lng'));
      rememberChosenLanguage(request, reply, query.get('lng'), options.https);
      return sendPage(request, reply, pages.find(page.path, lng, query) ?? pages.notFound(lng), options);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (!wantsPage) return reply.code(404).send({ success: false, error: 'not_found' });
    const lng = requestLanguage(request, queryOf(request).get('lng'));
    return sendPage(request, reply, pages.notFound(lng), options);
  });
}
