import { newsletterRecipients } from '../../../common/services';
import type { NewsletterProviderRules } from '../../config';
import type { SubscribeEvent } from '../sync-jobs';
import {
  answerText,
  attempt,
  commonOutcome,
  providerHttp,
  unknownList,
  type NewsletterProvider,
  type ProviderHttp,
  type ProviderSettings,
  type SyncOutcome,
} from './provider';

/** A listmonk search is a PostgreSQL regular expression: this one matches the address alone. */
const exactly = (email: string) => `^${email.replace(/[^\p{L}\p{N}]/gu, '\\$&')}$`;

/** The subscriber's id, null when listmonk has none with this address, or the outcome that stopped the look-up. */
async function findSubscriber(http: ProviderHttp, email: string): Promise<number | null | SyncOutcome> {
  const answer = await http('GET', `/subscribers?${new URLSearchParams({ search: exactly(email), per_page: '20' })}`);
  if (answer.status !== 200)
    return commonOutcome('listmonk', answer) ?? { kind: 'rejected', reason: answerText(answer) };
  const results =
    (answer.body as { data?: { results?: { id?: unknown; email?: unknown }[] } } | null)?.data?.results ?? [];
  const found = results.find(
    (subscriber) => typeof subscriber.email === 'string' && subscriber.email.toLowerCase() === email.toLowerCase(),
  );
  return typeof found?.id === 'number' ? found.id : null;
}

/**
 * listmonk 5 or newer (https://listmonk.app/docs/apis/subscribers/): a
 * confirmation creates the subscriber, already confirmed on the list, with
 * the opt-in evidence in its attributes (POST /api/subscribers); an existing
 * one (409) is found by its address and added to the list as confirmed
 * (PUT /api/subscribers/lists). An unsubscription marks the list
 * subscription unsubscribed. The key is an API user and its token.
 */
export function listmonkProvider({ key, list, url, timeoutMs }: ProviderSettings): NewsletterProvider {
  const http = providerHttp(url, { authorization: `token ${key}` }, timeoutMs);
  const listId = Number(list);
  const changeList = async (id: number, action: 'add' | 'unsubscribe'): Promise<SyncOutcome> => {
    const answer = await http('PUT', '/subscribers/lists', {
      ids: [id],
      action,
      target_list_ids: [listId],
      ...(action === 'add' ? { status: 'confirmed' } : {}),
    });
    if (answer.status === 200) return { kind: 'delivered' };
    if (answer.status === 404) return unknownList('listmonk', answer);
    return commonOutcome('listmonk', answer) ?? { kind: 'rejected', reason: answerText(answer) };
  };

  return {
    subscribe: (event: SubscribeEvent) =>
      attempt(async () => {
        const answer = await http('POST', '/subscribers', {
          email: event.email,
          status: 'enabled',
          lists: [listId],
          preconfirm_subscriptions: true,
          attribs: {
            opt_in: {
              confirmed_at: new Date(event.confirmedAt).toISOString(),
              signed_up_at: new Date(event.signedUpAt).toISOString(),
              source: event.source,
              language: event.language,
              consent_text_version: event.consentTextVersion,
            },
          },
        });
        if (answer.status === 200) return { kind: 'delivered' };
        if (answer.status !== 409)
          return commonOutcome('listmonk', answer) ?? { kind: 'rejected', reason: answerText(answer) };
        const id = await findSubscriber(http, event.email);
        if (id === null) return { kind: 'retry', reason: 'listmonk said the address exists but did not find it' };
        return typeof id === 'number' ? changeList(id, 'add') : id;
      }),

    unsubscribe: (email: string) =>
      attempt(async () => {
        const id = await findSubscriber(http, email);
        if (id === null) return { kind: 'delivered' };
        return typeof id === 'number' ? changeList(id, 'unsubscribe') : id;
      }),
  };
}

/** What listmonk's settings look like: it runs on our own server, so its address must be given; the key is a user and token. */
export const listmonkRules: NewsletterProviderRules = {
  refuseKey: (key) =>
    /^[^:]+:.+$/.test(key)
      ? null
      : 'NEWSLETTER_PROVIDER_KEY for listmonk must be the API user and its token as api_user:token',
  keyShown: '`api_user:token`',
  list: { pattern: /^[1-9]\d{0,15}$/, is: 'a listmonk list id (a whole number)', shown: 'a list id (a whole number)' },
  url: () => ({
    refuse:
      'NEWSLETTER_PROVIDER is listmonk but NEWSLETTER_PROVIDER_URL is not set: give your listmonk API address, e.g. https://lists.example.com/api',
  }),
  urlShown: 'required, e.g. `https://lists.example.com/api`',
  tracking: newsletterRecipients.listmonk.tracking,
};
