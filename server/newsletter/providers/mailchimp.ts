import { newsletterRecipients } from '../../../common/services';
import type { NewsletterProviderRules } from '../../config';
import { createHash } from 'node:crypto';
import type { SubscribeEvent } from '../sync-jobs';
import {
  answerText,
  attempt,
  commonOutcome,
  providerHttp,
  unknownList,
  type NewsletterProvider,
  type ProviderSettings,
} from './provider';

/** Mailchimp names a list member by the MD5 of the lower-cased address. */
export const subscriberHash = (email: string) => createHash('md5').update(email.toLowerCase(), 'utf8').digest('hex');

/**
 * The tag of the members who gave the separate consent to per-person open and click tracking:
 * campaigns with tracking on go to this tag only (docs/operator-checklist.md).
 */
export const trackingConsentTag = 'tracking-consent';

/** ISO 8601 without milliseconds, as Mailchimp's examples write it. */
const timestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Mailchimp Marketing API 3.0 (https://mailchimp.com/developer/marketing/api/list-members/):
 * a confirmation adds or updates the list member as subscribed (PUT, keyed by
 * the subscriber hash) with the language and the sign-up and opt-in times;
 * an unsubscription sets the member's status to unsubscribed (PATCH). Each confirmation then sets
 * or clears the tracking-consent tag (POST …/tags), so a sign-up without consent also clears an
 * earlier one.
 * Basic auth takes any user name with the key as the password.
 */
export function mailchimpProvider({ key, list, url, timeoutMs }: ProviderSettings): NewsletterProvider {
  const http = providerHttp(
    url,
    { authorization: `Basic ${Buffer.from(`westbridge:${key}`).toString('base64')}` },
    timeoutMs,
  );
  const member = (email: string) => `/lists/${encodeURIComponent(list)}/members/${subscriberHash(email)}`;

  return {
    subscribe: (event: SubscribeEvent) =>
      attempt(async () => {
        const body = {
          email_address: event.email,
          status_if_new: 'subscribed',
          status: 'subscribed',
          language: event.language,
          timestamp_signup: timestamp(event.signedUpAt),
          timestamp_opt: timestamp(event.confirmedAt),
        };
        let answer = await http('PUT', member(event.email), body);
        // Mailchimp lets no API subscribe someone who once unsubscribed there; as pending, Mailchimp asks them itself.
        if (answer.status === 400 && /compliance state/i.test(answerText(answer))) {
          answer = await http('PUT', member(event.email), { ...body, status_if_new: 'pending', status: 'pending' });
        }
        if (answer.status === 404) return unknownList('mailchimp', answer);
        if (answer.status !== 200)
          return commonOutcome('mailchimp', answer) ?? { kind: 'rejected', reason: answerText(answer) };
        const tags = await http('POST', `${member(event.email)}/tags`, {
          tags: [{ name: trackingConsentTag, status: event.trackingConsent === true ? 'active' : 'inactive' }],
        });
        if (tags.status === 204) return { kind: 'delivered' };
        // A retried sync puts the member again (the same state) before tagging.
        return commonOutcome('mailchimp', tags) ?? { kind: 'rejected', reason: answerText(tags) };
      }),

    unsubscribe: (email: string) =>
      attempt(async () => {
        const answer = await http('PATCH', member(email), { status: 'unsubscribed' });
        // 404: not a member of the list, so there is nobody to unsubscribe.
        if (answer.status === 200 || answer.status === 404) return { kind: 'delivered' };
        return commonOutcome('mailchimp', answer) ?? { kind: 'rejected', reason: answerText(answer) };
      }),
  };
}

/** What Mailchimp's settings look like: an audience id is letters and digits; the key names its API host. */
export const mailchimpRules: NewsletterProviderRules = {
  list: {
    pattern: /^[0-9a-zA-Z]+$/,
    is: 'a Mailchimp audience id (letters and digits)',
    shown: 'an audience id (letters and digits)',
  },
  url: (key) => {
    // A Mailchimp key ends in its data centre, e.g. …-us21, which names the API host.
    const dataCentre = /-([a-z]{2}\d{1,3})$/.exec(key)?.[1];
    return dataCentre
      ? { use: `https://${dataCentre}.api.mailchimp.com/3.0` }
      : {
          refuse:
            'NEWSLETTER_PROVIDER_KEY does not end in a Mailchimp data centre (such as -us21): set NEWSLETTER_PROVIDER_URL, e.g. https://us21.api.mailchimp.com/3.0',
        };
  },
  urlShown: "`https://<dc>.api.mailchimp.com/3.0`, dc from the key's ending (`-us21`)",
  tracking: newsletterRecipients.mailchimp.tracking,
};
