import type { Language } from '../../common/languages';
import { FeedError } from './personio-feed';

export interface FetchFeedOptions {
  /** The whole read, body included (docs/jobs.md: 10 s). */
  timeoutMs?: number;
  /** A larger body is not read to its end (5 MB). */
  maxBytes?: number;
}

export const feedTimeoutMs = 10_000;
export const feedMaxBytes = 5 * 1024 * 1024;
const maxRedirects = 3;

/** The feed's address in one language: `?language=` set, anything else kept. */
export function feedUrlFor(feedUrl: string, lng: Language): string {
  const url = new URL(feedUrl);
  url.searchParams.set('language', lng);
  return url.href;
}

/** The address without credentials or query, for logs and the operator's command. */
export function describeFeedUrl(feedUrl: string): string {
  const url = new URL(feedUrl);
  return `${url.origin}${url.pathname}`;
}

async function readBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  if (length > maxBytes) {
    await response.body?.cancel();
    throw new FeedError(`its body of ${length} bytes is over the ${maxBytes} a read takes`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      total += chunk.byteLength;
      if (total > maxBytes) throw new FeedError(`its body is over the ${maxBytes} bytes a read takes`);
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks);
}

/**
 * Reads one language's document of the feed. Refused (FeedError) when it takes
 * more than the timeout, answers with an HTTP error, redirects to another host
 * (Personio answers a disabled feed with a redirect to its own site), is over
 * the size limit or is not UTF-8.
 */
export async function fetchFeedDocument(
  feedUrl: string,
  lng: Language,
  { timeoutMs = feedTimeoutMs, maxBytes = feedMaxBytes }: FetchFeedOptions = {},
): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(feedUrlFor(feedUrl, lng));
  const host = url.host;
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(url, {
        signal,
        redirect: 'manual',
        headers: { accept: 'application/xml, text/xml' },
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        const next = location ? new URL(location, url) : null;
        if (!next || next.host !== host || !['http:', 'https:'].includes(next.protocol)) {
          throw new FeedError(
            `it answered ${response.status} with a redirect to ${next ? next.host : 'nowhere'}: is the XML feed still enabled in Personio?`,
          );
        }
        if (redirects >= maxRedirects) throw new FeedError(`it redirected more than ${maxRedirects} times`);
        url = next;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new FeedError(`it answered HTTP ${response.status}`);
      }
      const body = await readBody(response, maxBytes);
      try {
        return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
      } catch {
        throw new FeedError('its body is not valid UTF-8');
      }
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (signal.aborted) throw new FeedError(`it did not answer within ${timeoutMs / 1000} s`);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    throw new FeedError(
      `it could not be reached (${code ?? (cause instanceof Error ? cause.message : String(cause))})`,
    );
  }
}
