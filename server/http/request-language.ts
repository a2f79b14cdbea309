import { parse as parseCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';
import { languageCookieName, parseAcceptLanguage, pickLanguage, type Language } from '../../common/languages';
import { pageAtPath } from '../../common/page-urls';

/**
 * The language to answer a form in: the form's own `language` field (every
 * form on the site sends its page's language), the language of the address it
 * was posted to (a newsletter page), then the `i18next` cookie, then
 * Accept-Language, then German (docs/contract.md#api-answers).
 */
export function requestLanguage(request: FastifyRequest, explicit?: unknown): Language {
  const cookies = parseCookie(request.headers.cookie ?? '');
  const [path = '/'] = request.url.split('?');
  return pickLanguage([
    typeof explicit === 'string' ? explicit : undefined,
    // A page's address names its language, German by having no prefix.
    pageAtPath(path)?.lng,
    cookies[languageCookieName],
    ...parseAcceptLanguage(request.headers['accept-language']),
  ]);
}
