import { parse as parseCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';
import { languageCookieName, parseAcceptLanguage, pickLanguage, type Language } from '../../common/languages';

/**
 * The visitor's language: an explicit choice first (`?lng=` for pages, the
 * `language` field for forms), then the `i18next` cookie, then Accept-Language,
 * then German (DESIGN, "Languages and URLs").
 */
export function requestLanguage(request: FastifyRequest, explicit?: unknown): Language {
  const cookies = parseCookie(request.headers.cookie ?? '');
  return pickLanguage([
    typeof explicit === 'string' ? explicit : undefined,
    cookies[languageCookieName],
    ...parseAcceptLanguage(request.headers['accept-language']),
  ]);
}
