import type { SubscribeEvent } from '../sync-jobs';

/**
 * What one sync attempt came to. `retry` waits (for `retryAfterMs` when the
 * provider said so); `misconfigured` marks a retry caused by the settings (a
 * refused key, an unknown list), which the worker reports once, not per job.
 * `rejected` is final: the provider will never take this event.
 */
export type SyncOutcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; reason: string; retryAfterMs?: number; misconfigured?: string }
  | { kind: 'rejected'; reason: string };

/** One e-mail marketing provider behind the sync worker. */
export interface NewsletterProvider {
  subscribe(event: SubscribeEvent): Promise<SyncOutcome>;
  unsubscribe(email: string): Promise<SyncOutcome>;
}

/** What a provider module is built from: NEWSLETTER_PROVIDER_KEY, _LIST and _URL. */
export interface ProviderSettings {
  key: string;
  list: string;
  url: string;
  timeoutMs: number;
  /** Says something to the operator once per process. */
  warnOnce(message: string): void;
}

/** A request to the provider's API, answered or failed; never longer than the timeout. */
export interface ProviderAnswer {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or null. */
  body: unknown;
}

export interface ProviderHttp {
  (method: string, path: string, body?: unknown): Promise<ProviderAnswer>;
}

export class ProviderUnreachable extends Error {
  override name = 'ProviderUnreachable';
}

/**
 * Plain fetch against `baseUrl` with the provider's auth headers and a
 * timeout. A network failure or timeout throws ProviderUnreachable.
 */
export function providerHttp(baseUrl: string, headers: Record<string, string>, timeoutMs: number): ProviderHttp {
  return async (method, path, body) => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: unknown } }).cause;
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : typeof cause?.code === 'string'
            ? cause.code
            : 'network error';
      throw new ProviderUnreachable(reason);
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
}

/** Retry-After as seconds or an HTTP date, else Brevo's x-sib-ratelimit-reset (seconds); milliseconds from now. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (value) {
    if (/^\d+$/.test(value)) return Number(value) * 1000;
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-sib-ratelimit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) return Number(reset) * 1000;
  return undefined;
}

/** The provider's own words for a refusal: Brevo's and listmonk's `message`, Mailchimp's `title` and `detail`. */
export function answerText(answer: ProviderAnswer): string {
  const body = (answer.body ?? {}) as Record<string, unknown>;
  const words = [body.code, body.title, body.message, body.detail].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return `HTTP ${answer.status}${words.length ? `: ${words.join(' – ')}` : ''}`;
}

/**
 * The outcomes every provider shares: a refused key, too many requests, the
 * provider's own failures. Null when the provider module must decide.
 */
export function commonOutcome(provider: string, answer: ProviderAnswer): SyncOutcome | null {
  const { status } = answer;
  if (status === 401 || status === 403) {
    return {
      kind: 'retry',
      reason: answerText(answer),
      misconfigured: `${provider} refused the API key (HTTP ${status}): check NEWSLETTER_PROVIDER_KEY and its permissions. Confirmations still succeed; their syncs wait and are retried.`,
    };
  }
  if (status === 408 || status === 429 || status >= 500) {
    return { kind: 'retry', reason: answerText(answer), retryAfterMs: retryAfterMs(answer.headers) };
  }
  return null;
}

/** The list or audience in NEWSLETTER_PROVIDER_LIST is unknown to the provider: a setting to fix, so jobs wait. */
export function unknownList(provider: string, answer: ProviderAnswer): SyncOutcome {
  return {
    kind: 'retry',
    reason: answerText(answer),
    misconfigured: `${provider} does not know the list in NEWSLETTER_PROVIDER_LIST (${answerText(answer)}): check the list id. Syncs wait and are retried.`,
  };
}

/** Runs one provider call, turning an unreachable provider into a retry. */
export async function attempt(call: () => Promise<SyncOutcome>): Promise<SyncOutcome> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnreachable) return { kind: 'retry', reason: `unreachable: ${error.message}` };
    throw error;
  }
}
