import type { NewsletterProvider as ProviderName } from '../../../common/services';
import type { NewsletterProviderConfig, NewsletterProviderRules } from '../../config';
import { brevoProvider, brevoRules } from './brevo';
import { listmonkProvider, listmonkRules } from './listmonk';
import { mailchimpProvider, mailchimpRules } from './mailchimp';
import type { NewsletterProvider, ProviderSettings } from './provider';

const providers = { brevo: brevoProvider, mailchimp: mailchimpProvider, listmonk: listmonkProvider } as const;

/** What each provider says of its settings, for loadConfig (start-up refuses what a provider cannot take) and the docs. */
export const newsletterProviderRules: Readonly<Record<ProviderName, NewsletterProviderRules>> = {
  brevo: brevoRules,
  mailchimp: mailchimpRules,
  listmonk: listmonkRules,
};

/** The provider module NEWSLETTER_PROVIDER names. */
export function createNewsletterProvider(
  config: NewsletterProviderConfig,
  options: Pick<ProviderSettings, 'timeoutMs' | 'warnOnce'>,
): NewsletterProvider {
  return providers[config.name]({ key: config.key, list: config.list, url: config.url, ...options });
}
