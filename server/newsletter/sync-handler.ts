import type { FastifyBaseLogger } from 'fastify';
import { describeError, withoutAddressParts } from '../describe-error';
import type { JobHandler } from '../queue/queue';
import type { NewsletterProvider, SyncOutcome } from './providers/provider';
import { parseSyncEvent } from './sync-jobs';

/** Per request; a sync makes at most three (listmonk), well within the claim, which is renewed anyway. */
export const syncRequestTimeoutMs = 10_000;

/** Removes the key (and each part of a user:token key) and e-mail addresses from a provider's words. */
export function redact(text: string, key: string): string {
  const secrets = [key, ...key.split(':')].filter((part) => part.length >= 8).sort((a, b) => b.length - a.length);
  let clean = text;
  for (const secret of secrets) clean = clean.split(secret).join('[key]');
  return clean.replace(/<?[^\s<>@"']+@[^\s<>@"']+>?/g, '<address>').slice(0, 300);
}

/** Logs each message about the settings once per process, however many jobs meet it, without the key. */
export function onceLogger(log: FastifyBaseLogger, key: string): (message: string) => void {
  const said = new Set<string>();
  return (message) => {
    if (said.has(message)) return;
    said.add(message);
    log.error(`newsletter sync: ${redact(message, key)}`);
  };
}

export interface NewsletterSyncOptions {
  provider: NewsletterProvider;
  /** Cut out of anything stored or logged, in case a provider quotes it back. */
  key: string;
  /** Shared with the provider module, so each thing about the settings is said once per process. */
  sayOnce: (message: string) => void;
}

/**
 * Hands a confirmation or an unsubscription to the e-mail marketing provider.
 * Every call sets a state (create-or-update, set status), so a repeat after a
 * crash changes nothing there. An address the provider refuses is given up at
 * once; a refused key or unknown list waits, said once per process, not per job.
 */
export function newsletterSyncHandler({ provider, key, sayOnce }: NewsletterSyncOptions): JobHandler {
  return {
    async run(job) {
      let outcome: SyncOutcome;
      let email: string | undefined;
      try {
        const event = parseSyncEvent(job.kind, job.payload);
        email = event.email;
        outcome = event.action === 'subscribe' ? await provider.subscribe(event) : await provider.unsubscribe(email);
      } catch (error) {
        outcome = { kind: 'retry', reason: describeError(error) };
      }
      if (outcome.kind === 'delivered') return { kind: 'done' };
      const reason = withoutAddressParts(redact(outcome.reason, key), [email]);
      if (outcome.kind === 'rejected') return { kind: 'give-up', reason };
      if (outcome.misconfigured) sayOnce(outcome.misconfigured);
      return { kind: 'retry', reason, retryAfterMs: outcome.retryAfterMs, quiet: Boolean(outcome.misconfigured) };
    },
  };
}
