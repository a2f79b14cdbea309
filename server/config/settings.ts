import path from 'node:path';
import { cmsBackends, cmsSettingsFrom, type CmsSettings } from '../../common/cms-settings';
import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';
import {
  analyticsProviders,
  newsletterProviders,
  newsletterRecipients,
  newsletterTrackings,
  type AnalyticsProvider,
  type NewsletterProvider,
  type NewsletterTracking,
} from '../../common/services';
import type { QueueTimings } from '../queue/queue';
import {
  bearerToken,
  checkProxyExposure,
  email,
  integrity,
  loopbackHosts,
  mailbox,
  oneOf,
  origins,
  queueTimings,
  text,
  trustProxy,
  url,
  wholeNumber,
} from './parsers';
import { ConfigError, group, setting, type Reader, type Schema, type Setting, type SettingsContext } from './schema';

/*
 * Every setting the server reads at start, in the order it reads them. The settings table of
 * docs/configuration.md and .env.example are made from here (`npm run settings:docs`), and a
 * test fails when they differ. A new setting is one entry below and its line in `settings`.
 */

const codes = (values: readonly string[]) =>
  values
    .map((value) => `\`${value}\``)
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');

/** The value of a setting known to be set here (a group reads its members only when its lead is set). */
function given<T>(read: Reader, entry: Setting<T | null>): T {
  const value = read(entry);
  if (value === null) throw new Error(`${entry.name} should have been set`);
  return value;
}

const port = setting({
  name: 'PORT',
  doc: 'the port the server listens on',
  shown: '`8080`',
  missing: { use: '8080' },
  parse: wholeNumber(65535),
});

const host = setting({
  name: 'HOST',
  doc: 'the address it listens on; behind nginx on the same machine `127.0.0.1`',
  shown: '`0.0.0.0`',
  missing: { use: '0.0.0.0' },
  parse: text,
});

const siteUrl = setting({
  name: 'SITE_URL',
  doc: 'public base address: canonical links, hreflang, sitemap, links in mails',
  shown: '`http://localhost:$PORT`',
  missing: (read) => ({ use: `http://localhost:${read(port)}` }),
  parse: (value, read) => {
    const parsed = url(['http:', 'https:'])(value, read);
    if (parsed.search || parsed.hash) throw new ConfigError('SITE_URL must not have a query or fragment');
    return parsed.href.replace(/\/+$/, '');
  },
});

const dataDir = setting({
  name: 'DATA_DIR',
  doc: 'SQLite file and file-mail folder',
  shown: '`./data`',
  missing: { use: './data' },
  parse: (value) => path.resolve(value),
});

const database = setting<{ kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }>({
  name: 'DATABASE_URL',
  doc: '`postgres://user:password@host:5432/name` to use PostgreSQL instead of SQLite (`DATA_DIR/site.db`)',
  shown: 'unset',
  missing: (read) => {
    const file = path.join(read(dataDir), 'site.db');
    return { value: { kind: 'sqlite', file }, says: `SQLite in ${file}` };
  },
  parse: (value, read) => ({ kind: 'postgres', url: url(['postgres:', 'postgresql:'])(value, read).href }),
});

const smtpUrl = setting<string | null>({
  name: 'SMTP_URL',
  doc: 'outgoing mail: `smtp://user:password@host:587` or `smtps://…:465`; unset = `.eml` files under `DATA_DIR/mail/`',
  shown: 'unset',
  missing: (read) => ({ value: null, says: `.eml files in ${path.join(read(dataDir), 'mail')}` }),
  parse: (value, read) => url(['smtp:', 'smtps:'])(value, read).href,
});

const mailFrom = setting({
  name: 'MAIL_FROM',
  doc: 'sender of all mails: an address, or `Name <address>`',
  shown: 'the company and its address (`common/company.ts`)',
  missing: { use: `${company.shortName} <${company.email}>` },
  parse: mailbox,
});

const contactTo = setting({
  name: 'CONTACT_TO',
  doc: 'where contact messages are delivered',
  shown: "the company's address (`common/company.ts`)",
  missing: { use: company.email },
  parse: email,
});

const formRateLimit = setting({
  name: 'FORM_RATE_LIMIT',
  doc: 'submissions per client address per 10 minutes, per form endpoint',
  shown: '`5`',
  missing: { use: '5' },
  parse: wholeNumber(1_000_000),
});

const trustProxySetting = setting({
  name: 'TRUST_PROXY',
  doc: "behind a reverse proxy, whose `X-Forwarded-For` names the client: a number of proxy hops (`1`: nginx on this machine), the proxies' addresses or networks (`10.0.0.2, 10.0.0.0/8`), or `true` (every hop); hops and `true` need a loopback `HOST`",
  shown: 'unset',
  missing: { use: 'false', says: 'no proxy (the connecting address counts)' },
  parse: (value, read) => {
    const trust = trustProxy(value, read);
    if (read.listens) checkProxyExposure(read(host), trust);
    return trust;
  },
});

const allowedOrigins = setting<string[]>({
  name: 'ALLOWED_ORIGINS',
  doc: 'further origins whose pages may post the forms, comma-separated, e.g. `https://westbridge.example` when `SITE_URL` is `https://www.westbridge.example`; posts a browser marks `Sec-Fetch-Site: cross-site` are refused all the same',
  shown: 'unset',
  missing: (read) => ({ value: [], says: `only ${new URL(read(siteUrl)).origin} (SITE_URL) for form posts` }),
  parse: origins,
});

export interface AnalyticsConfig {
  /** Which service the script is: the texts, the cookies removed on withdrawal and the CSP follow it (common/services.ts). */
  provider: AnalyticsProvider;
  scriptUrl: string;
  /** Its Subresource Integrity (`sha384-…`): the browser runs the script only if it matches. */
  integrity: string | null;
}

const analyticsScript = setting<URL | null>({
  name: 'ANALYTICS_SCRIPT_URL',
  doc: 'analytics script, loaded only after analytics consent (Matomo: the Tag Manager container; Plausible: its `script.js`; Google: `https://www.googletagmanager.com/gtag/js?id=G-…`)',
  shown: 'unset',
  missing: { value: null, says: 'no web analytics' },
  parse: url(['https:', 'http:']),
});

const analyticsProvider = setting<AnalyticsProvider | null>({
  name: 'ANALYTICS_PROVIDER',
  needs: analyticsScript,
  doc: `what that script is: ${codes(analyticsProviders)}; required with \`ANALYTICS_SCRIPT_URL\`, so the cookie settings and the privacy policy name the service, its cookies and where data goes (\`common/services.ts\`)`,
  shown: 'unset',
  missing: {
    refuse: `ANALYTICS_SCRIPT_URL is set, but ANALYTICS_PROVIDER is not: set it to ${analyticsProviders.join(', ')}, so the cookie settings and the privacy policy name the service and its cookies`,
  },
  parse: (value, read) => {
    const provider = oneOf(analyticsProviders)(value, read);
    const script = given(read, analyticsScript);
    if (provider === 'google' && !/^G-[A-Z0-9]+$/.test(script.searchParams.get('id') ?? '')) {
      throw new ConfigError(
        `ANALYTICS_SCRIPT_URL for google must be the Google tag with its measurement id, e.g. https://www.googletagmanager.com/gtag/js?id=G-XXXXXXXXXX, got "${script.href}"`,
      );
    }
    return provider;
  },
});

const analyticsIntegrity = setting<string | null>({
  name: 'ANALYTICS_SCRIPT_INTEGRITY',
  needs: analyticsScript,
  doc: 'its Subresource Integrity, e.g. `sha384-…` (several separated by spaces): the browser runs the script only if it matches; needs an analytics server that allows CORS',
  shown: 'unset',
  missing: { value: null, says: 'no integrity check of the analytics script' },
  parse: integrity,
});

/** Web analytics, loaded only after analytics consent; null = none. */
const analytics = group([analyticsScript, analyticsProvider, analyticsIntegrity], (read): AnalyticsConfig | null => {
  const script = read(analyticsScript);
  if (!script) return null;
  return { provider: given(read, analyticsProvider), scriptUrl: script.href, integrity: read(analyticsIntegrity) };
});

export interface NewsletterProviderConfig {
  name: NewsletterProvider;
  /** Never logged, never part of an error message. */
  key: string;
  /** The list (Brevo, listmonk: a number) or audience id (Mailchimp) subscribers join. */
  list: string;
  /** The API base address without a trailing slash, e.g. https://api.brevo.com/v3. */
  url: string;
  /**
   * NEWSLETTER_TRACKING: what the tool is set to record of opens and clicks; the sign-up text
   * and the policy say it. loadConfig always sets it (required with a provider); absent in a
   * test's config, the first the provider offers.
   */
  tracking?: NewsletterTracking;
}

const newsletterProvider = setting<NewsletterProvider | null>({
  name: 'NEWSLETTER_PROVIDER',
  doc: `the e-mail marketing tool confirmed subscribers are handed to: ${codes(newsletterProviders)}; unset = kept here only (\`npm run newsletter:export\`)`,
  shown: 'unset',
  missing: { value: null, says: 'none (confirmed subscribers stay in this database only)' },
  parse: oneOf(newsletterProviders),
});

/** What the provider NEWSLETTER_PROVIDER names says of its settings. */
const providerSettings = (read: Reader) => read.newsletterProviders[given(read, newsletterProvider)];

/** "Brevo: …; Mailchimp: …": what each provider says of a setting, as the documentation shows it. */
const perProvider = (
  { newsletterProviders: settings }: SettingsContext,
  show: (provider: SettingsContext['newsletterProviders'][NewsletterProvider]) => string | undefined,
) =>
  newsletterProviders
    .flatMap((name) => {
      const shown = show(settings[name]);
      return shown ? [`${newsletterRecipients[name].name}: ${shown}`] : [];
    })
    .join('; ');

const newsletterKey = setting<string | null>({
  name: 'NEWSLETTER_PROVIDER_KEY',
  needs: newsletterProvider,
  doc: (context) => `the provider's API key (${perProvider(context, (provider) => provider.keyShown)}); never logged`,
  shown: 'unset',
  missing: (read) => ({
    refuse: `NEWSLETTER_PROVIDER is ${read(newsletterProvider)} but NEWSLETTER_PROVIDER_KEY (its API key) is not set`,
  }),
  parse: (value, read) => {
    if (/\s/.test(value)) throw new ConfigError('NEWSLETTER_PROVIDER_KEY must not contain spaces or line breaks');
    const refusal = providerSettings(read).refuseKey?.(value);
    if (refusal) throw new ConfigError(refusal);
    return value;
  },
});

const newsletterList = setting<string | null>({
  name: 'NEWSLETTER_PROVIDER_LIST',
  needs: newsletterProvider,
  doc: (context) => `the list subscribers join (${perProvider(context, (provider) => provider.list.shown)})`,
  shown: 'unset',
  missing: (read) => ({
    refuse: `NEWSLETTER_PROVIDER is ${read(newsletterProvider)} but NEWSLETTER_PROVIDER_LIST (the list subscribers join) is not set`,
  }),
  parse: (value, read) => {
    const { list } = providerSettings(read);
    if (!list.pattern.test(value)) throw new ConfigError(`NEWSLETTER_PROVIDER_LIST must be ${list.is}, got "${value}"`);
    return value;
  },
});

const newsletterUrl = setting<string | null>({
  name: 'NEWSLETTER_PROVIDER_URL',
  needs: newsletterProvider,
  doc: (context) =>
    `the API base address as the provider's documentation writes it (${perProvider(context, (provider) => provider.urlShown)}); \`https://\` unless on this machine`,
  shown: "the provider's own",
  missing: (read) => providerSettings(read).url(given(read, newsletterKey)),
  parse: (value, read) => {
    const parsed = url(['https:', 'http:'])(value, read);
    if (parsed.search || parsed.hash || parsed.username || parsed.password)
      throw new ConfigError(
        'NEWSLETTER_PROVIDER_URL must be the API base address, without query, fragment or credentials',
      );
    // The key travels in a header: only a provider on this machine may be reached without TLS.
    if (parsed.protocol === 'http:' && !loopbackHosts.has(parsed.hostname)) {
      throw new ConfigError(
        `NEWSLETTER_PROVIDER_URL must start with https:// (the API key would travel unencrypted), got "${parsed.href}"`,
      );
    }
    return parsed.href.replace(/\/+$/, '');
  },
});

const newsletterTracking = setting<NewsletterTracking | null>({
  name: 'NEWSLETTER_TRACKING',
  needs: newsletterProvider,
  doc: (context) =>
    `what the tool records of opens and clicks, as set up there (\`docs/operator-checklist.md\`): ${codes(newsletterTrackings)}, as the site offers them with each tool (${perProvider(context, (provider) => codes(provider.tracking))}; \`individual\` only where a subscriber's refusal can be honoured per contact); the sign-up text and box, the policy and the stored consent version follow it`,
  shown: 'required with a provider',
  // The texts must not guess what the tool records (docs/decisions/0052-tracking-consent-of-its-own.md).
  missing: (read) => ({
    refuse: `NEWSLETTER_PROVIDER is ${read(newsletterProvider)} but NEWSLETTER_TRACKING is not set: set it to what ${read(newsletterProvider)} is set up to record of opens and clicks (${providerSettings(read).tracking.join(' or ')}), so the sign-up and the privacy policy say it`,
  }),
  parse: (value, read) => {
    const tracking = oneOf(newsletterTrackings)(value, read);
    const provider = read(newsletterProvider);
    const possible = providerSettings(read).tracking;
    if (!possible.includes(tracking))
      throw new ConfigError(
        `NEWSLETTER_TRACKING=${tracking} is not a setting the site offers with ${provider}: it can be ${possible.join(' or ')}${tracking === 'individual' ? ` (${provider} cannot honour a subscriber's refusal of per-person tracking per contact)` : ''}`,
      );
    return tracking;
  },
});

/** The e-mail marketing tool confirmed subscribers are handed to; null = none. */
const newsletter = group(
  [newsletterProvider, newsletterKey, newsletterList, newsletterUrl, newsletterTracking],
  (read): NewsletterProviderConfig | null => {
    const name = read(newsletterProvider);
    if (!name) return null;
    return {
      name,
      key: given(read, newsletterKey),
      list: given(read, newsletterList),
      url: given(read, newsletterUrl),
      tracking: given(read, newsletterTracking),
    };
  },
);

export interface JobsFeedConfig {
  /** JOBS_FEED_URL, e.g. https://<account>.jobs.personio.de/xml; read with `?language=` and each language. */
  url: string;
  /** JOBS_FEED_REFRESH_SECONDS in milliseconds. */
  refreshMs: number;
}

const jobsFeedUrl = setting<string | null>({
  name: 'JOBS_FEED_URL',
  doc: `the company's Personio XML feed (\`https://<account>.jobs.personio.de/xml\`): the jobs pages show its open positions, read per language (\`?language=${languageCodes.join('|')}\`); \`https://\` unless on this machine; unset = the built-in jobs (\`docs/jobs.md\`); with it, the privacy policy and the application texts name Personio, so write the pages again when it changes`,
  shown: 'unset',
  missing: { value: null, says: 'the built-in jobs' },
  parse: (value, read) => {
    const parsed = url(['https:', 'http:'])(value, read);
    if (parsed.username || parsed.password || parsed.hash) {
      throw new ConfigError(
        `JOBS_FEED_URL must be the feed's address without user, password or fragment, got "${value}"`,
      );
    }
    if (parsed.protocol === 'http:' && !loopbackHosts.has(parsed.hostname)) {
      throw new ConfigError(
        `JOBS_FEED_URL must start with https:// (Personio's feed is served over https), got "${value}"`,
      );
    }
    return parsed.href;
  },
});

const jobsFeedRefresh = setting<number | null>({
  name: 'JOBS_FEED_REFRESH_SECONDS',
  needs: jobsFeedUrl,
  doc: 'how often the feed is read again, in seconds; a position opened or closed in Personio shows within this time (plus 2 s), on every instance, without a build or restart',
  shown: '`600`',
  missing: { use: '600' },
  parse: wholeNumber(7 * 24 * 60 * 60),
});

/** The company's Personio job feed; null = the built-in jobs. */
const jobsFeed = group([jobsFeedUrl, jobsFeedRefresh], (read): JobsFeedConfig | null => {
  const feedUrl = read(jobsFeedUrl);
  return feedUrl ? { url: feedUrl, refreshMs: given(read, jobsFeedRefresh) * 1000 } : null;
});

const jobAlertsPerMinute = setting({
  name: 'JOB_ALERTS_PER_MINUTE',
  doc: 'how many job alerts all instances together send a minute at most (relays such as Exchange Online accept about 30 from one sender); an alert round waits its turn, and contact and confirmation mails never wait behind it (`docs/jobs.md`)',
  shown: '`30`',
  missing: { use: '30' },
  parse: wholeNumber(6000),
});

const metricsToken = setting<string | null>({
  name: 'METRICS_TOKEN',
  doc: 'bearer token for `GET /metrics` (at least 16 characters, e.g. `openssl rand -hex 32`); unset = only requests from this machine that no proxy passed on, and none at all with `TRUST_PROXY` set; never logged',
  shown: 'unset',
  // Behind a proxy, a request from this machine may be any visitor's: there /metrics takes the token alone.
  missing: (read) => ({
    value: null,
    says:
      read(trustProxySetting) === false
        ? 'GET /metrics for this machine only (loopback, not proxied)'
        : 'no GET /metrics at all: behind a proxy (TRUST_PROXY) it answers only METRICS_TOKEN as bearer token, so Prometheus cannot scrape this instance',
  }),
  parse: bearerToken,
});

const tlsCertificateFile = setting<string | null>({
  name: 'TLS_CERTIFICATE_FILE',
  doc: 'the TLS certificate nginx serves (PEM, e.g. `/etc/ssl/westbridge/fullchain.pem`), readable by the instances: `/metrics` reports when it expires, for the alert three weeks before (docs/operations.md, "TLS certificate"); unset = not reported',
  shown: 'unset',
  missing: {
    value: null,
    says: 'no certificate expiry in /metrics (the alert for an expiring certificate cannot fire)',
  },
  parse: (value) => path.resolve(value),
});

const cmsBackend = setting<string | null>({
  name: 'CMS_BACKEND',
  doc: `the Git host the editor at \`/admin/\` saves to: ${codes(cmsBackends.filter((name) => name !== 'proxy'))} (Forgejo and Gitea), or \`proxy\` (decap-server on this machine, for local editing and the tests only); unset = \`/admin/\` says that editing is not set up (docs/editing.md)`,
  shown: 'unset',
  missing: { value: null, says: 'no editor (/admin/ says that editing is not set up)' },
  parse: text,
});

/** A CMS setting beside CMS_BACKEND: its text, checked with the others by `cms` below. */
const cmsSetting = (name: string, doc: string, shown = 'unset') =>
  setting<string | null>({ name, needs: cmsBackend, doc, shown, missing: { value: null }, parse: text });

const cmsRepository = cmsSetting(
  'CMS_REPOSITORY',
  "the site's repository on that host, `owner/name`; required but for `proxy`",
);
const cmsBranch = cmsSetting(
  'CMS_BRANCH',
  'the branch the site is published from; an edit becomes a branch and a pull/merge request against it, and `westbridge-live` builds what is merged into it (docs/editing.md)',
  '`main`',
);
const cmsAuthUrl = cmsSetting(
  'CMS_AUTH_URL',
  "where an editor signs in: GitHub's OAuth proxy (required for `github`), or the address of a GitLab of your own (default `https://gitlab.com`)",
  "the host's own",
);
const cmsApiUrl = cmsSetting(
  'CMS_API_URL',
  "the host's API: required for `forgejo` (`https://<host>/api/v1`) and `proxy` (`http://127.0.0.1:8081/api/v1`); for GitHub Enterprise or a GitLab of your own (`https://<host>/api/v4`)",
  "the host's own",
);
const cmsAppId = cmsSetting(
  'CMS_APP_ID',
  'the client id of the OAuth application editors sign in with (`gitlab`, `forgejo`: sign-in with PKCE, no secret); required for them',
);

/** The editor at /admin/ (docs/editing.md); null = /admin/ says that editing is not set up. */
const cms = group(
  [cmsBackend, cmsRepository, cmsBranch, cmsAuthUrl, cmsApiUrl, cmsAppId],
  (read): CmsSettings | null => {
    const value = (entry: Setting<string | null>) => read(entry) ?? undefined;
    try {
      return cmsSettingsFrom({
        CMS_BACKEND: value(cmsBackend),
        CMS_REPOSITORY: value(cmsRepository),
        CMS_BRANCH: value(cmsBranch),
        CMS_AUTH_URL: value(cmsAuthUrl),
        CMS_API_URL: value(cmsApiUrl),
        CMS_APP_ID: value(cmsAppId),
      });
    } catch (error) {
      throw new ConfigError(error instanceof Error ? error.message : String(error));
    }
  },
);

const testQueueTimings = setting<Partial<QueueTimings>>({
  name: 'TEST_QUEUE_TIMINGS',
  internal: true,
  doc: 'shortened retry, give-up and claim times for the process tests (`lockMs=1500,giveUpAfterMs=3000`); never in production',
  shown: 'unset',
  missing: { value: {} },
  parse: queueTimings,
});

/** The settings, as the configuration's properties: `loadConfig` returns one value for each. */
export const settings = {
  port,
  host,
  siteUrl,
  dataDir,
  database,
  smtpUrl,
  mailFrom,
  contactTo,
  formRateLimit,
  trustProxy: trustProxySetting,
  allowedOrigins,
  analytics,
  newsletterProvider: newsletter,
  jobsFeed,
  jobAlertsPerMinute,
  metricsToken,
  tlsCertificateFile,
  queueTimings: testQueueTimings,
  cms,
} satisfies Schema;
