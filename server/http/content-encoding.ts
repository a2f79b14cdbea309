import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts among brotli (when `brotli` is ready), gzip and none. */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  { brotli = true }: { brotli?: boolean } = {},
): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number.parseFloat(q.slice(2)) || 0 : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (brotli && quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

export interface EncodedBody {
  identity: Buffer;
  gzip: Buffer;
  /** Null until the background compression has finished. */
  br: Buffer | null;
}

/** Compresses once, at start: gzip at once; brotli later, with `addBrotli`. */
export function encodeBody(text: string): EncodedBody {
  const identity = Buffer.from(text, 'utf8');
  return { identity, gzip: gzipSync(identity, { level: 9 }), br: null };
}

/** The same as encodeBody, with the gzip made in the thread pool: for pages made while the instance serves. */
export async function encodeBodyAsync(text: string): Promise<EncodedBody> {
  const identity = Buffer.from(text, 'utf8');
  return { identity, gzip: await gzipAsync(identity, { level: 9 }), br: null };
}

/** Each body's brotli, made once however many ask for it (the page store in the background, write-site for its files). */
const brotliOf = new WeakMap<EncodedBody, Promise<Buffer>>();

/**
 * Adds brotli, by default at its best quality (a third of a second per page,
 * seconds for all) in the thread pool, so a started or restarted instance
 * serves at once; until then, gzip is sent.
 */
export function addBrotli(body: EncodedBody, quality = 11): Promise<Buffer> {
  let made = brotliOf.get(body);
  if (!made) {
    made = brotli(body.identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.identity.length },
    }).then((br) => (body.br = br));
    brotliOf.set(body, made);
  }
  return made;
}

/**
 * The @fastify/static options every folder of built files is served with: the `.br` and `.gz`
 * files the build writes beside each file are its variants, sent by content negotiation only,
 * never by their own names; no directory index, redirect or wildcard; the caller sets the caching.
 */
export const precompressedFiles = {
  wildcard: false,
  index: false,
  redirect: false,
  preCompressed: true,
  allowedPath: (pathName: string) => !/\.(br|gz)$/.test(pathName),
  cacheControl: false,
} as const;
