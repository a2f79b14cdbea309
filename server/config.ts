import path from 'node:path';
import { company } from '../common/company';

/** Settings read once at start (DESIGN, "Settings"). */
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
  /** Web analytics script, loaded only after analytics consent; null = none. */
  analyticsScriptUrl: string | null;
  /** Its Subresource Integrity (`sha384-…`): the browser runs the script only if it matches. */
  analyticsScriptIntegrity: string | null;
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
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${url.protocol}//"`);
  }
  return url;
}

function parsePositiveInteger(name: string, value: string, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new ConfigError(`${name} must be a whole number from 1 to ${max}, got "${value}"`);
  }
  return Number(value);
}

function parseTrustProxy(value: string): ServerConfig['trustProxy'] {
  if (/^(true|yes|1)$/i.test(value)) return true;
  if (/^(false|no|0)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (addresses.length === 0 || addresses.some((entry) => !/^[0-9a-fA-F.:/]+$/.test(entry))) {
    throw new ConfigError(`TRUST_PROXY must be true, a number of proxy hops, or a list of proxy addresses, got "${value}"`);
  }
  return addresses;
}

/** ALLOWED_ORIGINS: comma-separated origins (scheme, host and port only), as browsers send them in `Origin`. */
function parseOrigins(value: string): string[] {
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) throw new ConfigError(`ALLOWED_ORIGINS must list origins such as https://example.com, got "${value}"`);
  return entries.map((entry) => {
    const url = parseUrl('ALLOWED_ORIGINS', entry, ['http:', 'https:']);
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password || /[?#]$/.test(entry)) {
      throw new ConfigError(`ALLOWED_ORIGINS must list origins without path, query or user (such as https://example.com), got "${entry}"`);
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
      throw new ConfigError(`ANALYTICS_SCRIPT_INTEGRITY must be sha256-, sha384- or sha512- followed by the script's base64 digest, got "${hash}"`);
    }
  }
  return hashes.join(' ');
}

/**
 * Reads the settings. A missing one gets its default and one warning naming
 * both; a malformed one stops start-up with a ConfigError saying what is wrong.
 */
export function loadConfig(env: Env = process.env, warn: (message: string) => void = console.warn): ServerConfig {
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
  const originsValue = setting('ALLOWED_ORIGINS', '', `only ${siteUrl.origin} (SITE_URL) for form posts`);
  const allowedOrigins = originsValue ? parseOrigins(originsValue) : [];

  const analyticsValue = setting('ANALYTICS_SCRIPT_URL', '', 'no web analytics');
  const analyticsScriptUrl = analyticsValue ? parseUrl('ANALYTICS_SCRIPT_URL', analyticsValue, ['https:', 'http:']).href : null;
  const integrityValue = setting('ANALYTICS_SCRIPT_INTEGRITY', '', 'no integrity check of the analytics script');
  if (integrityValue && !analyticsScriptUrl) throw new ConfigError('ANALYTICS_SCRIPT_INTEGRITY is set, but ANALYTICS_SCRIPT_URL is not');
  const analyticsScriptIntegrity = integrityValue ? parseIntegrity(integrityValue) : null;

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
    analyticsScriptUrl,
    analyticsScriptIntegrity,
  };
}
