import { loadConfig, type ServerConfig } from '../config';
import { newsletterProviderRules } from '../newsletter/providers';

/** A server configuration for tests: defaults, no warnings, overrides applied. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ SITE_URL: 'https://www.westbridge.example', DATA_DIR: '/tmp/unused' }, () => {}, {
      newsletterProviders: newsletterProviderRules,
    }),
    ...overrides,
  };
}
