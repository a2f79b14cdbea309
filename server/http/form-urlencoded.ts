import type { FastifyInstance } from 'fastify';

export const formUrlencoded = 'application/x-www-form-urlencoded';

export class MalformedFormError extends SyntaxError {
  override name = 'MalformedFormError';
}

const decodePart = (part: string) => decodeURIComponent(part.replaceAll('+', ' '));

/**
 * Parses an HTML form's body as the forms' own fields. Stricter than
 * URLSearchParams, which turns broken escapes and invalid UTF-8 into U+FFFD and
 * keeps the last of two equal names: both are refused here, as in JSON bodies.
 * Object.fromEntries makes every name an own property, `__proto__` included,
 * which the forms' strict schemas then refuse as unknown.
 */
export function parseFormBody(text: string): Record<string, string> {
  const entries = new Map<string, string>();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodePart(separator === -1 ? pair : pair.slice(0, separator));
      value = separator === -1 ? '' : decodePart(pair.slice(separator + 1));
    } catch {
      throw new MalformedFormError('Malformed percent-encoding');
    }
    if (entries.has(name)) throw new MalformedFormError(`Duplicate field "${name.slice(0, 40)}"`);
    entries.set(name, value);
  }
  return Object.fromEntries(entries);
}

/** The body parser for forms sent without JavaScript: ASCII by definition, so anything else is malformed too. */
export function registerFormUrlencodedParser(app: FastifyInstance): void {
  app.addContentTypeParser(formUrlencoded, { parseAs: 'string' }, (_request, body, done) => {
    try {
      if (!/^[\x20-\x7E]*$/.test(body as string)) throw new MalformedFormError('Not URL-encoded');
      done(null, parseFormBody(body as string));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_FORM_BODY' }), undefined);
    }
  });
}
