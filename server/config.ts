import { isIP } from 'node:net';
import path from 'node:path';
import { cmsSettingsFrom, type CmsSettings } from '../common/cms-settings';
import { company } from '../common/company';
import { defaultQueueTimings, type QueueTimings } from './queue/queue';
import {
  analyticsProviders,
  isAnalyticsProvider,
  newsletterProviders,
  newsletterRecipients,
  newsletterTrackings,
  type AnalyticsProvider,
  type NewsletterProvider,
  type NewsletterTracking,
} from '../common/services';

/** Settings read once at start (docs/configuration.md#settings). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Public base address without a trailing slash. */
  siteUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** Null: mails are written as .eml files under DATA_DIR/mail. */
  smtpUrl: string | null;
  mailFrom: string;
  contactTo: string;
  /** Submissions per client address per 10 minutes, per form endpoint. */
  formRateLimit: number;
  trustProxy: boolean | number | string[];
  /** Origins besides SITE_URL's whose pages may post the forms, e.g. the apex when SITE_URL is www. */
  allowedOrigins: string[];
  /** Web analytics, loaded only after analytics consent; null = none. */
  analytics: AnalyticsConfig | null;
  /** The e-mail marketing tool that confirmed subscribers are handed to (docs/operator-checklist.md#newsletter-and-the-e-mail-marketing-tool); null = none. */
  newsletterProvider: NewsletterProviderConfig | null;
  /** Bearer token for GET /metrics; null = only requests from this machine, not through a proxy. Never logged. */
  metricsToken: string | null;
  /** Shortened retry, give-up and claim times for the process tests (TEST_QUEUE_TIMINGS); empty in production. */
  queueTimings: Partial<QueueTimings>;
  /** The company's Personio job feed (docs/contract.md#difference-8); null = the built-in jobs. */
  jobsFeed: JobsFeedConfig | null;
  /** The editor at /admin/ (CMS_*, docs/editing.md); null = /admin/ says that editing is not set up. */
  cms: CmsSettings | null;
}

export interface JobsFeedConfig {
  /** JOBS_FEED_URL, e.g. https://<account>.jobs.personio.de/xml; read with `?language=de|en|fr`. */
  url: string;
  /** JOBS_FEED_REFRESH_SECONDS in milliseconds. */
  refreshMs: number;
}

export const newsletterProviderNames = newsletterProviders;
export type NewsletterProviderName = NewsletterProvider;

export interface AnalyticsConfig {
  /** Which service the script is: the texts, the cookies removed on withdrawal and the CSP follow it (common/services.ts). */
  provider: AnalyticsProvider;
  scriptUrl: string;
  /** Its Subresource Integrity (`sha384-…`): the browser runs the script only if it matches. */
  integrity: string | null;
}

export interface NewsletterProviderConfig {
  name: NewsletterProviderName;
  /** Never logged, never part of an error message. */
  key: string;
  /** The list (Brevo, listmonk: a number) or audience id (Mailchimp) subscribers join. */
  list: string;
  /** The API base address without a trailing slash, e.g. https://api.brevo.com/v3. */
  url: string;
  /**
   * NEWSLETTER_TRACKING: what the tool is set to record of opens and clicks; the sign-up text
   * and the policy say it. loadConfig always sets it; absent, the provider's default.
   */
  tracking?: NewsletterTracking;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

const emailPattern = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** A bare address or `Display Name <address>`. */
const mailboxPattern = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

function parseUrl(name: string, value: string, protocols: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${value}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(
      `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${url.protocol}//"`,
    );
  }
  return url;
}

function parsePositiveInteger(name: string, value: string, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new ConfigError(`${name} must be a whole number from 1 to ${max}, got "${value}"`);
  }
  return Number(value);
}

/** An IP address, or a network as address/prefix length (`10.0.0.0/8`). */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: `true` (every hop), a number of proxy hops (`1`: the nearest, nginx on this
 * machine; `0` none), or the proxies' addresses and networks. `1` is one hop, never `true`.
 */
function parseTrustProxy(value: string): ServerConfig['trustProxy'] {
  if (/^true$/i.test(value)) return true;
  if (/^false$/i.test(value)) return false;
  if (/^\d{1,3}$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (addresses.length === 0 || !addresses.every(isAddressOrNetwork)) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a number of proxy hops (1: nginx on this machine) or the proxies' addresses, got "${value}"`,
    );
  }
  return addresses;
}

/** HOST values that only this machine can reach. */
const isLoopbackHost = (host: string) => /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);

/**
 * With hops or `true`, an instance takes the client's address from X-Forwarded-For: a client
 * that reaches it directly could name any address (and escape the rate limit). So it must
 * listen on this machine only, behind nginx, or trust its proxies by address.
 */
function checkProxyExposure(host: string, trustProxy: ServerConfig['trustProxy']): void {
  if ((trustProxy === true || typeof trustProxy === 'number') && !isLoopbackHost(host)) {
    throw new ConfigError(
      `TRUST_PROXY=${String(trustProxy)} takes the client's address from X-Forwarded-For, but HOST=${host} lets clients reach this instance directly and claim any address: set HOST=127.0.0.1 (nginx on this machine), or set TRUST_PROXY to the proxy's addresses (e.g. TRUST_PROXY=10.0.0.2)`,
    );
  }
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * NEWSLETTER_PROVIDER and its key, list and API address. Each provider's own
 * rules are checked here, so a typo stops start-up instead of every sync failing.
 */
function parseNewsletterProvider(
  env: Env,
  setting: (name: string, fallback: string, describe?: string) => string,
): NewsletterProviderConfig | null {
  const value = (name: string) => env[name]?.trim() ?? '';
  const name = setting(
    'NEWSLETTER_PROVIDER',
    '',
    'none (confirmed subscribers stay in this database only)',
  ).toLowerCase();
  const key = value('NEWSLETTER_PROVIDER_KEY');
  const list = value('NEWSLETTER_PROVIDER_LIST');
  if (!name) {
    const stray = [
      'NEWSLETTER_PROVIDER_KEY',
      'NEWSLETTER_PROVIDER_LIST',
      'NEWSLETTER_PROVIDER_URL',
      'NEWSLETTER_TRACKING',
    ].filter((other) => value(other));
    if (stray.length > 0)
      throw new ConfigError(
        `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but NEWSLETTER_PROVIDER is not: set it to brevo, mailchimp or listmonk, or remove ${stray.length > 1 ? 'these settings' : 'this setting'}`,
      );
    return null;
  }
  if (!newsletterProviderNames.includes(name as NewsletterProviderName)) {
    throw new ConfigError(`NEWSLETTER_PROVIDER must be ${newsletterProviderNames.join(', ')} or unset, got "${name}"`);
  }
  const provider = name as NewsletterProviderName;
  if (!key)
    throw new ConfigError(`NEWSLETTER_PROVIDER is ${provider} but NEWSLETTER_PROVIDER_KEY (its API key) is not set`);
  if (/\s/.test(key)) throw new ConfigError('NEWSLETTER_PROVIDER_KEY must not contain spaces or line breaks');
  if (!list)
    throw new ConfigError(
      `NEWSLETTER_PROVIDER is ${provider} but NEWSLETTER_PROVIDER_LIST (the list subscribers join) is not set`,
    );
  if (provider === 'mailchimp' ? !/^[0-9a-zA-Z]+$/.test(list) : !/^[1-9]\d{0,15}$/.test(list)) {
    throw new ConfigError(
      `NEWSLETTER_PROVIDER_LIST must be ${provider === 'mailchimp' ? 'a Mailchimp audience id (letters and digits)' : `a ${provider} list id (a whole number)`}, got "${list}"`,
    );
  }
  if (provider === 'listmonk' && !/^[^:]+:.+$/.test(key)) {
    throw new ConfigError('NEWSLETTER_PROVIDER_KEY for listmonk must be the API user and its token as api_user:token');
  }

  let fallback = '';
  if (provider === 'brevo') fallback = 'https://api.brevo.com/v3';
  if (provider === 'mailchimp') {
    // A Mailchimp key ends in its data centre, e.g. …-us21, which names the API host.
    const dataCentre = /-([a-z]{2}\d{1,3})$/.exec(key)?.[1];
    if (dataCentre) fallback = `https://${dataCentre}.api.mailchimp.com/3.0`;
  }
  const urlValue = fallback ? setting('NEWSLETTER_PROVIDER_URL', fallback) : value('NEWSLETTER_PROVIDER_URL');
  if (!urlValue) {
    throw new ConfigError(
      provider === 'listmonk'
        ? 'NEWSLETTER_PROVIDER is listmonk but NEWSLETTER_PROVIDER_URL is not set: give your listmonk API address, e.g. https://lists.example.com/api'
        : 'NEWSLETTER_PROVIDER_KEY does not end in a Mailchimp data centre (such as -us21): set NEWSLETTER_PROVIDER_URL, e.g. https://us21.api.mailchimp.com/3.0',
    );
  }
  const url = parseUrl('NEWSLETTER_PROVIDER_URL', urlValue, ['https:', 'http:']);
  if (url.search || url.hash || url.username || url.password)
    throw new ConfigError(
      'NEWSLETTER_PROVIDER_URL must be the API base address, without query, fragment or credentials',
    );
  // The key travels in a header: only a provider on this machine may be reached without TLS.
  if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) {
    throw new ConfigError(
      `NEWSLETTER_PROVIDER_URL must start with https:// (the API key would travel unencrypted), got "${url.href}"`,
    );
  }
  return { name: provider, key, list, url: url.href.replace(/\/+$/, ''), tracking: parseTracking(provider, setting) };
}

/**
 * NEWSLETTER_TRACKING: what the provider is set to record (docs/operator-checklist.md). The
 * site cannot switch it through the provider's API, so it takes the operator's word, and
 * refuses what the provider cannot do at all; unset, the provider's own default.
 */
function parseTracking(
  provider: NewsletterProviderName,
  setting: (name: string, fallback: string, describe?: string) => string,
): NewsletterTracking {
  const possible = newsletterRecipients[provider].tracking;
  const value = setting(
    'NEWSLETTER_TRACKING',
    possible[0],
    `${possible[0]} (${provider}'s default; the newsletter sign-up and the privacy policy say so)`,
  ).toLowerCase();
  if (!(newsletterTrackings as readonly string[]).includes(value))
    throw new ConfigError(`NEWSLETTER_TRACKING must be ${newsletterTrackings.join(', ')} or unset, got "${value}"`);
  const tracking = value as NewsletterTracking;
  if (!possible.includes(tracking))
    throw new ConfigError(
      `NEWSLETTER_TRACKING=${tracking} is not a setting ${provider} has: it can be ${possible.join(' or ')}`,
    );
  return tracking;
}

/**
 * JOBS_FEED_URL and JOBS_FEED_REFRESH_SECONDS: the feed's address (https, unless on this
 * machine, without credentials or fragment) and how often it is read (default 600 s).
 */
function parseJobsFeed(
  env: Env,
  setting: (name: string, fallback: string, describe?: string) => string,
): JobsFeedConfig | null {
  const value = setting('JOBS_FEED_URL', '', 'the three built-in jobs');
  if (!value) {
    if (env.JOBS_FEED_REFRESH_SECONDS?.trim())
      throw new ConfigError('JOBS_FEED_REFRESH_SECONDS is set but JOBS_FEED_URL is not: set the feed or remove it');
    return null;
  }
  const url = parseUrl('JOBS_FEED_URL', value, ['https:', 'http:']);
  if (url.username || url.password || url.hash) {
    throw new ConfigError(
      `JOBS_FEED_URL must be the feed's address without user, password or fragment, got "${value}"`,
    );
  }
  if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) {
    throw new ConfigError(
      `JOBS_FEED_URL must start with https:// (Personio's feed is served over https), got "${value}"`,
    );
  }
  const seconds = parsePositiveInteger(
    'JOBS_FEED_REFRESH_SECONDS',
    setting('JOBS_FEED_REFRESH_SECONDS', '600'),
    7 * 24 * 60 * 60,
  );
  return { url: url.href, refreshMs: seconds * 1000 };
}

/** ALLOWED_ORIGINS: comma-separated origins (scheme, host and port only), as browsers send them in `Origin`. */
function parseOrigins(value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0)
    throw new ConfigError(`ALLOWED_ORIGINS must list origins such as https://example.com, got "${value}"`);
  return entries.map((entry) => {
    const url = parseUrl('ALLOWED_ORIGINS', entry, ['http:', 'https:']);
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password || /[?#]$/.test(entry)) {
      throw new ConfigError(
        `ALLOWED_ORIGINS must list origins without path, query or user (such as https://example.com), got "${entry}"`,
      );
    }
    return url.origin;
  });
}

/** Base64 lengths of the digests Subresource Integrity knows. */
const integrityDigests: Record<string, number> = { sha256: 44, sha384: 64, sha512: 88 };

/** ANALYTICS_SCRIPT_INTEGRITY: one or more `sha256-|sha384-|sha512-` digests, space-separated (SRI). */
function parseIntegrity(value: string): string {
  const hashes = value.split(/\s+/);
  for (const hash of hashes) {
    const [, algorithm = '', digest = ''] = /^(sha\d+)-([A-Za-z0-9+/]+={0,2})$/.exec(hash) ?? [];
    if (digest.length !== integrityDigests[algorithm]) {
      throw new ConfigError(
        `ANALYTICS_SCRIPT_INTEGRITY must be sha256-, sha384- or sha512- followed by the script's base64 digest, got "${hash}"`,
      );
    }
  }
  return hashes.join(' ');
}

/**
 * ANALYTICS_SCRIPT_URL with ANALYTICS_PROVIDER, which says what the script is:
 * without it, the banner and the privacy policy could not name the service or
 * its cookies, so one without the other stops start-up.
 */
function parseAnalytics(
  env: Env,
  setting: (name: string, fallback: string, describe?: string) => string,
): AnalyticsConfig | null {
  const providers = analyticsProviders.join(', ');
  const urlValue = setting('ANALYTICS_SCRIPT_URL', '', 'no web analytics');
  const providerValue = env.ANALYTICS_PROVIDER?.trim().toLowerCase() ?? '';
  const integrityValue = urlValue
    ? setting('ANALYTICS_SCRIPT_INTEGRITY', '', 'no integrity check of the analytics script')
    : (env.ANALYTICS_SCRIPT_INTEGRITY?.trim() ?? '');
  if (!urlValue) {
    if (integrityValue) throw new ConfigError('ANALYTICS_SCRIPT_INTEGRITY is set, but ANALYTICS_SCRIPT_URL is not');
    if (providerValue)
      throw new ConfigError(
        "ANALYTICS_PROVIDER is set, but ANALYTICS_SCRIPT_URL is not: set the script's address, or remove ANALYTICS_PROVIDER",
      );
    return null;
  }
  const url = parseUrl('ANALYTICS_SCRIPT_URL', urlValue, ['https:', 'http:']);
  if (!providerValue) {
    throw new ConfigError(
      `ANALYTICS_SCRIPT_URL is set, but ANALYTICS_PROVIDER is not: set it to ${providers}, so the cookie settings and the privacy policy name the service and its cookies`,
    );
  }
  if (!isAnalyticsProvider(providerValue))
    throw new ConfigError(`ANALYTICS_PROVIDER must be ${providers} or unset, got "${providerValue}"`);
  if (providerValue === 'google' && !/^G-[A-Z0-9]+$/.test(url.searchParams.get('id') ?? '')) {
    throw new ConfigError(
      `ANALYTICS_SCRIPT_URL for google must be the Google tag with its measurement id, e.g. https://www.googletagmanager.com/gtag/js?id=G-XXXXXXXXXX, got "${url.href}"`,
    );
  }
  return {
    provider: providerValue,
    scriptUrl: url.href,
    integrity: integrityValue ? parseIntegrity(integrityValue) : null,
  };
}

/** METRICS_TOKEN: a bearer token (RFC 6750's characters), long enough not to be guessed. Never echoed. */
function parseMetricsToken(value: string): string {
  if (!/^[A-Za-z0-9._~+/-]+=*$/.test(value) || value.length < 16) {
    throw new ConfigError(
      'METRICS_TOKEN must be at least 16 characters of letters, digits and ._~+/- (e.g. from "openssl rand -hex 32")',
    );
  }
  return value;
}

/**
 * TEST_QUEUE_TIMINGS, for the process tests only: `lockMs=1500,giveUpAfterMs=3000,…`
 * (any of the queue's timings, in milliseconds), so they need not wait a day.
 */
function parseQueueTimings(value: string): Partial<QueueTimings> {
  const timings: Partial<QueueTimings> = {};
  for (const entry of value.split(',').map((part) => part.trim())) {
    const [name = '', ms = ''] = entry.split('=');
    if (!Object.hasOwn(defaultQueueTimings, name) || !/^\d+$/.test(ms) || Number(ms) < 1) {
      throw new ConfigError(
        `TEST_QUEUE_TIMINGS must be name=milliseconds pairs of ${Object.keys(defaultQueueTimings).join(', ')}, got "${entry}"`,
      );
    }
    timings[name as keyof QueueTimings] = Number(ms);
  }
  return timings;
}

/**
 * Reads the settings. A missing one gets its default and one warning naming
 * both; a malformed one stops start-up with a ConfigError saying what is wrong.
 * `listens: false` for what serves no one (write-site): HOST does not matter there.
 */
export function loadConfig(
  env: Env = process.env,
  warn: (message: string) => void = console.warn,
  { listens = true }: { listens?: boolean } = {},
): ServerConfig {
  const setting = (name: string, fallback: string, describe: string = fallback): string => {
    const value = env[name]?.trim();
    if (value) return value;
    warn(`${name} is not set; using ${describe}.`);
    return fallback;
  };

  const port = parsePositiveInteger('PORT', setting('PORT', '8080'), 65535);
  const host = setting('HOST', '0.0.0.0');
  const siteUrlValue = setting('SITE_URL', `http://localhost:${port}`);
  const siteUrl = parseUrl('SITE_URL', siteUrlValue, ['http:', 'https:']);
  if (siteUrl.search || siteUrl.hash) throw new ConfigError('SITE_URL must not have a query or fragment');
  const dataDir = path.resolve(setting('DATA_DIR', './data'));

  const databaseUrl = setting('DATABASE_URL', '', `SQLite in ${path.join(dataDir, 'site.db')}`);
  const database: ServerConfig['database'] = databaseUrl
    ? { kind: 'postgres', url: parseUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']).href }
    : { kind: 'sqlite', file: path.join(dataDir, 'site.db') };

  const smtpValue = setting('SMTP_URL', '', `.eml files in ${path.join(dataDir, 'mail')}`);
  const smtpUrl = smtpValue ? parseUrl('SMTP_URL', smtpValue, ['smtp:', 'smtps:']).href : null;

  const mailFrom = setting('MAIL_FROM', `${company.shortName} <${company.email}>`);
  if (!mailboxPattern.test(mailFrom)) throw new ConfigError(`MAIL_FROM is not an e-mail address: "${mailFrom}"`);
  const contactTo = setting('CONTACT_TO', company.email);
  if (!emailPattern.test(contactTo)) throw new ConfigError(`CONTACT_TO is not an e-mail address: "${contactTo}"`);

  const formRateLimit = parsePositiveInteger('FORM_RATE_LIMIT', setting('FORM_RATE_LIMIT', '5'), 1_000_000);
  const trustProxy = parseTrustProxy(setting('TRUST_PROXY', 'false', 'no proxy (the connecting address counts)'));
  if (listens) checkProxyExposure(host, trustProxy);
  const originsValue = setting('ALLOWED_ORIGINS', '', `only ${siteUrl.origin} (SITE_URL) for form posts`);
  const allowedOrigins = originsValue ? parseOrigins(originsValue) : [];

  const analytics = parseAnalytics(env, setting);
  const newsletterProvider = parseNewsletterProvider(env, setting);
  const jobsFeed = parseJobsFeed(env, setting);
  const metricsTokenValue = setting('METRICS_TOKEN', '', 'GET /metrics for this machine only (loopback, not proxied)');
  const testTimings = env.TEST_QUEUE_TIMINGS?.trim();
  setting('CMS_BACKEND', '', 'no editor (/admin/ says that editing is not set up)');
  let cms: CmsSettings | null;
  try {
    cms = cmsSettingsFrom(env);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }

  return {
    port,
    host,
    siteUrl: siteUrl.href.replace(/\/+$/, ''),
    dataDir,
    database,
    smtpUrl,
    mailFrom,
    contactTo,
    formRateLimit,
    trustProxy,
    allowedOrigins,
    analytics,
    newsletterProvider,
    metricsToken: metricsTokenValue ? parseMetricsToken(metricsTokenValue) : null,
    queueTimings: testTimings ? parseQueueTimings(testTimings) : {},
    jobsFeed,
    cms,
  };
}
