import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';

export class DuplicateKeyError extends SyntaxError {
  override name = 'DuplicateKeyError';
}

/**
 * Throws when an object in already-valid JSON text names a key twice.
 * JSON.parse silently keeps the last one, so `{"email":"a@b.de","email":"…"}`
 * would mean different things to different parsers; the forms refuse it.
 */
export function assertNoDuplicateKeys(text: string): void {
  const frames: { keys: Set<string> | null; expectKey: boolean }[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    const top = frames.at(-1);
    if (char === '{') frames.push({ keys: new Set(), expectKey: true });
    else if (char === '[') frames.push({ keys: null, expectKey: false });
    else if (char === '}' || char === ']') frames.pop();
    else if (char === ',' && top?.keys) top.expectKey = true;
    else if (char === ':' && top) top.expectKey = false;
    else if (char === '"') {
      const start = i;
      for (i += 1; text[i] !== '"'; i += 1) if (text[i] === '\\') i += 1;
      if (top?.keys && top.expectKey) {
        // Decode escapes, so "a" and "\u0061" count as the same key.
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        if (top.keys.has(key)) throw new DuplicateKeyError(`Duplicate key "${key.slice(0, 40)}"`);
        top.keys.add(key);
      }
    }
  }
}

/** JSON is UTF-8 (RFC 8259); bytes that are not would otherwise turn into U+FFFD and pass as text. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The only body parser: JSON in valid UTF-8, parsed without prototype pollution
 * (`__proto__` and `constructor.prototype` are refused) and without duplicate keys.
 */
export function registerStrictJsonParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      const text = utf8.decode(body as Buffer);
      const value: unknown = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
      assertNoDuplicateKeys(text);
      done(null, value);
    } catch (error) {
      done(
        Object.assign(error instanceof Error ? error : new SyntaxError('Invalid JSON'), {
          statusCode: 400,
          code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        }),
        undefined,
      );
    }
  });
}
