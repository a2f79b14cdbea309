import type { PageSettings } from '../../common/page-placeholders';
import type { ServerConfig } from '../config';
import { analyticsSources } from '../http/security-headers';
import type { SiteFileSettings } from './site-files';

/** What the pages get from the settings: the same for the pages an instance serves and the files nginx serves. */
export const pageSettingsOf = (config: ServerConfig): PageSettings => ({
  siteUrl: config.siteUrl,
  analytics: config.analytics,
  newsletterProvider: config.newsletterProvider?.name ?? null,
  newsletterTracking: config.newsletterProvider?.tracking ?? null,
  jobsSource: config.jobsFeed ? 'personio' : 'built-in',
});

/** The settings a page's bytes and headers depend on, named as the environment names them. */
export function siteFileSettingsOf(config: ServerConfig): SiteFileSettings {
  return {
    siteUrl: config.siteUrl,
    https: config.siteUrl.startsWith('https:'),
    analytics: analyticsSources(config.analytics),
    jobsFromInstances: config.jobsFeed !== null,
    describe: {
      SITE_URL: config.siteUrl,
      ANALYTICS_PROVIDER: config.analytics?.provider ?? null,
      ANALYTICS_SCRIPT_URL: config.analytics?.scriptUrl ?? null,
      ANALYTICS_SCRIPT_INTEGRITY: config.analytics?.integrity ?? null,
      NEWSLETTER_PROVIDER: config.newsletterProvider?.name ?? null,
      NEWSLETTER_TRACKING: config.newsletterProvider?.tracking ?? null,
      JOBS_FEED_URL: config.jobsFeed?.url ?? null,
      CMS_BACKEND: config.cms?.backend ?? null,
      CMS_REPOSITORY: config.cms?.repository ?? null,
      CMS_BRANCH: config.cms?.branch ?? null,
      CMS_AUTH_URL: config.cms?.authUrl ?? null,
      CMS_API_URL: config.cms?.apiUrl ?? null,
      CMS_APP_ID: config.cms?.appId ?? null,
    },
  };
}
