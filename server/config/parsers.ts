import { isIP } from 'node:net';
import { defaultQueueTimings, type QueueTimings } from '../queue/queue';
import { ConfigError, type Reader } from './schema';

/** How a setting's text becomes its value: the Reader says which setting it is and gives the ones read before. */
type Parse<T> = (text: string, read: Reader) => T;

const emailPattern = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** A bare address or `Display Name <address>`. */
const mailboxPattern = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/** Host names of this machine: a service there may be reached without TLS. */
export const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

export const text: Parse<string> = (value) => value;

/** An address with one of `protocols` (`https:`…). */
export const url =
  (protocols: readonly string[]): Parse<URL> =>
  (value, { setting: name }) => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new ConfigError(`${name} is not a valid URL: "${value}"`);
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new ConfigError(
        `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${parsed.protocol}//"`,
      );
    }
    return parsed;
  };

export const wholeNumber =
  (max: number): Parse<number> =>
  (value, { setting: name }) => {
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
      throw new ConfigError(`${name} must be a whole number from 1 to ${max}, got "${value}"`);
    }
    return Number(value);
  };

export const email: Parse<string> = (value, { setting: name }) => {
  if (!emailPattern.test(value)) throw new ConfigError(`${name} is not an e-mail address: "${value}"`);
  return value;
};

export const mailbox: Parse<string> = (value, { setting: name }) => {
  if (!mailboxPattern.test(value)) throw new ConfigError(`${name} is not an e-mail address: "${value}"`);
  return value;
};

/** One of `values`, in any case. */
export const oneOf =
  <V extends string>(values: readonly V[]): Parse<V> =>
  (value, { setting: name }) => {
    const lower = value.toLowerCase();
    if (!(values as readonly string[]).includes(lower)) {
      throw new ConfigError(`${name} must be ${values.join(', ')} or unset, got "${lower}"`);
    }
    return lower as V;
  };

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
export const trustProxy: Parse<boolean | number | string[]> = (value) => {
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
};

/** HOST values that only this machine can reach. */
const isLoopbackHost = (host: string) => /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);

/**
 * With hops or `true`, an instance takes the client's address from X-Forwarded-For: a client
 * that reaches it directly could name any address (and escape the rate limit). So it must
 * listen on this machine only, behind nginx, or trust its proxies by address.
 */
export function checkProxyExposure(host: string, trust: boolean | number | string[]): void {
  if ((trust === true || typeof trust === 'number') && !isLoopbackHost(host)) {
    throw new ConfigError(
      `TRUST_PROXY=${String(trust)} takes the client's address from X-Forwarded-For, but HOST=${host} lets clients reach this instance directly and claim any address: set HOST=127.0.0.1 (nginx on this machine), or set TRUST_PROXY to the proxy's addresses (e.g. TRUST_PROXY=10.0.0.2)`,
    );
  }
}

/** ALLOWED_ORIGINS: comma-separated origins (scheme, host and port only), as browsers send them in `Origin`. */
export const origins: Parse<string[]> = (value, read) => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0)
    throw new ConfigError(`ALLOWED_ORIGINS must list origins such as https://example.com, got "${value}"`);
  return entries.map((entry) => {
    const parsed = url(['http:', 'https:'])(entry, read);
    if (
      parsed.pathname !== '/' ||
      parsed.search ||
      parsed.hash ||
      parsed.username ||
      parsed.password ||
      /[?#]$/.test(entry)
    ) {
      throw new ConfigError(
        `ALLOWED_ORIGINS must list origins without path, query or user (such as https://example.com), got "${entry}"`,
      );
    }
    return parsed.origin;
  });
};

/** Base64 lengths of the digests Subresource Integrity knows. */
const integrityDigests: Record<string, number> = { sha256: 44, sha384: 64, sha512: 88 };

/** ANALYTICS_SCRIPT_INTEGRITY: one or more `sha256-|sha384-|sha512-` digests, space-separated (SRI). */
export const integrity: Parse<string> = (value) => {
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
};

/** METRICS_TOKEN: a bearer token (RFC 6750's characters), long enough not to be guessed. Never echoed. */
export const bearerToken: Parse<string> = (value, { setting: name }) => {
  if (!/^[A-Za-z0-9._~+/-]+=*$/.test(value) || value.length < 16) {
    throw new ConfigError(
      `${name} must be at least 16 characters of letters, digits and ._~+/- (e.g. from "openssl rand -hex 32")`,
    );
  }
  return value;
};

/**
 * TEST_QUEUE_TIMINGS, for the process tests only: `lockMs=1500,giveUpAfterMs=3000,…`
 * (any of the queue's timings, in milliseconds), so they need not wait a day.
 */
export const queueTimings: Parse<Partial<QueueTimings>> = (value) => {
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
};
