import type { NewsletterProvider } from '../../common/services';
import { readSchema, type ConfigOf, type Env, type SettingsContext } from './schema';
import { settings } from './settings';

export { ConfigError, type NewsletterProviderRules, type SettingsContext } from './schema';
export type { AnalyticsConfig, NewsletterProviderConfig } from './settings';

/** The settings read once at start (server/config/settings.ts says what each is). */
export type ServerConfig = ConfigOf<typeof settings>;

export type NewsletterProviderName = NewsletterProvider;

export interface LoadOptions extends SettingsContext {
  /** False for what serves no one (write-site): HOST does not matter there. */
  listens?: boolean;
}

/**
 * Reads the settings. A missing one gets its default and one warning naming
 * both; a malformed one stops start-up with a ConfigError saying what is wrong.
 */
export function loadConfig(
  env: Env,
  warn: (message: string) => void,
  { listens = true, ...context }: LoadOptions,
): ServerConfig {
  return readSchema(settings, env, warn, { ...context, listens });
}
