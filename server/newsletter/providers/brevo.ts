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
  type ProviderAnswer,
  type ProviderSettings,
} from './provider';

/** Not on the list, or not a contact at all: there is nothing to remove. */
function notAContactOfTheList(answer: ProviderAnswer): boolean {
  return (
    (answer.status === 400 || answer.status === 404) &&
    /contact (already removed|does not exist|not found)/i.test(answerText(answer))
  );
}

/**
 * Brevo API v3 (https://developers.brevo.com/reference): a confirmation
 * creates or updates the contact on the list (POST /contacts with
 * updateEnabled), with the opt-in evidence as the contact attributes
 * OPT_IN_AT, OPT_IN_SOURCE and LANGUAGE; an unsubscription removes the
 * contact from the list (POST /contacts/lists/{id}/contacts/remove).
 */
export function brevoProvider({ key, list, url, timeoutMs, warnOnce }: ProviderSettings): NewsletterProvider {
  const http = providerHttp(url, { 'api-key': key }, timeoutMs);
  const listId = Number(list);

  return {
    subscribe: (event: SubscribeEvent) =>
      attempt(async () => {
        const contact = { email: event.email, listIds: [listId], updateEnabled: true, emailBlacklisted: false };
        const attributes = {
          OPT_IN_AT: new Date(event.confirmedAt).toISOString(),
          OPT_IN_SOURCE: event.source,
          LANGUAGE: event.language,
        };
        let answer = await http('POST', '/contacts', { ...contact, attributes });
        // Brevo keeps only attributes the account defines; without them the contact still joins the list.
        if (answer.status === 400 && /attribute/i.test(answerText(answer))) {
          warnOnce(
            'brevo refused the opt-in attributes: create the text attributes OPT_IN_AT, OPT_IN_SOURCE and LANGUAGE in Brevo to keep the evidence there. Subscribers are synced without them.',
          );
          answer = await http('POST', '/contacts', contact);
        }
        if (answer.status === 201 || answer.status === 204) return { kind: 'delivered' };
        if (answer.status === 404) return unknownList('brevo', answer);
        return commonOutcome('brevo', answer) ?? { kind: 'rejected', reason: answerText(answer) };
      }),

    unsubscribe: (email: string) =>
      attempt(async () => {
        const answer = await http('POST', `/contacts/lists/${listId}/contacts/remove`, { emails: [email] });
        if (answer.status === 201 || answer.status === 204) return { kind: 'delivered' };
        if (notAContactOfTheList(answer)) return { kind: 'delivered' };
        if (answer.status === 404) return unknownList('brevo', answer);
        return commonOutcome('brevo', answer) ?? { kind: 'rejected', reason: answerText(answer) };
      }),
  };
}

/** What Brevo's settings look like: a list id is a number; its API address is the same for every account. */
export const brevoRules: NewsletterProviderRules = {
  list: { pattern: /^[1-9]\d{0,15}$/, is: 'a brevo list id (a whole number)', shown: 'a list id (a whole number)' },
  url: () => ({ use: 'https://api.brevo.com/v3' }),
  urlShown: '`https://api.brevo.com/v3`',
  tracking: newsletterRecipients.brevo.tracking,
};
