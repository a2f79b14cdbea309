import type { NewsletterProviderConfig } from '../../config';
import { brevoProvider } from './brevo';
import { listmonkProvider } from './listmonk';
import { mailchimpProvider } from './mailchimp';
import type { NewsletterProvider, ProviderSettings } from './provider';

const providers = { brevo: brevoProvider, mailchimp: mailchimpProvider, listmonk: listmonkProvider } as const;

/** The provider module NEWSLETTER_PROVIDER names. */
export function createNewsletterProvider(
  config: NewsletterProviderConfig,
  options: Pick<ProviderSettings, 'timeoutMs' | 'warnOnce'>,
): NewsletterProvider {
  return providers[config.name]({ key: config.key, list: config.list, url: config.url, ...options });
}
