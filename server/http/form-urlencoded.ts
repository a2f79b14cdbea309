import type { FastifyInstance } from 'fastify';

export const formUrlencoded = 'application/x-www-form-urlencoded';

/** What a form's route may say about its fields in its `config`. */
export interface FormRouteConfig {
  /** Fields sent once for each ticked option, taken as a list. */
  formLists?: readonly string[];
}

export class MalformedFormError extends SyntaxError {
  override name = 'MalformedFormError';
}

const decodePart = (part: string) => decodeURIComponent(part.replaceAll('+', ' '));

/**
 * Parses an HTML form's body as the forms' own fields. Stricter than
 * URLSearchParams, which turns broken escapes and invalid UTF-8 into U+FFFD and
 * keeps the last of two equal names: both are refused here, as in JSON bodies.
 * Object.fromEntries makes every name an own property, `__proto__` included,
 * which the forms' strict schemas then refuse as unknown. A name the route lists in its
 * `formLists` (a form's ticked options) may come several times and becomes a list.
 */
export function parseFormBody(text: string, lists: readonly string[] = []): Record<string, string | string[]> {
  const entries = new Map<string, string | string[]>();
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
    if (lists.includes(name)) {
      // A list's options (ticked checkboxes) come as the same name, once for each.
      const values = entries.get(name);
      entries.set(name, Array.isArray(values) ? [...values, value] : [value]);
      continue;
    }
    if (entries.has(name)) throw new MalformedFormError(`Duplicate field "${name.slice(0, 40)}"`);
    entries.set(name, value);
  }
  return Object.fromEntries(entries);
}

/** The body parser for forms sent without JavaScript: ASCII by definition, so anything else is malformed too. */
export function registerFormUrlencodedParser(app: FastifyInstance): void {
  app.addContentTypeParser(formUrlencoded, { parseAs: 'string' }, (request, body, done) => {
    try {
      if (!/^[\x20-\x7E]*$/.test(body as string)) throw new MalformedFormError('Not URL-encoded');
      const { formLists = [] } = (request.routeOptions.config ?? {}) as FormRouteConfig;
      done(null, parseFormBody(body as string, formLists));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_FORM_BODY' }), undefined);
    }
  });
}
