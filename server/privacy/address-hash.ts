import { createHash, createHmac } from 'node:crypto';
import { canonicalEmail } from '../../common/email-address';

/**
 * An address as it is hashed: in its one spelling (common/email-address.ts);
 * one stored before the model refused its shape keeps the old rule (trimmed,
 * lower case), so its hash still finds it.
 */
export const normalizeEmail = (email: string) => canonicalEmail(email) ?? email.trim().toLowerCase();

/** SHA-256 in hex: for random tokens, which no one can guess, and as the first step of an address hash. */
export const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

const hmac = (key: Buffer, value: string) => createHmac('sha256', key).update(value, 'utf8').digest('hex');

/**
 * Hashes of addresses, keyed with the site's secret: without the key, trying
 * likely addresses against a copy of the database finds nothing. An e-mail
 * address is keyed over its SHA-256, so hashes stored before the key existed
 * (plain SHA-256) could be converted without the addresses they came from.
 */
export interface AddressHasher {
  email(address: string): string;
  /** The rate limit's key: the endpoint and the client address. */
  rateLimit(scope: string, clientAddress: string): string;
}

export function addressHasher(key: Buffer): AddressHasher {
  return {
    email: (address) => hmac(key, sha256(normalizeEmail(address))),
    rateLimit: (scope, clientAddress) => hmac(key, `${scope}\n${clientAddress}`),
  };
}

/** Converts a plain SHA-256 of an address, as stored before the key existed, into its keyed hash. */
export const keyedFromSha256 = (key: Buffer, plainHash: string) => hmac(key, plainHash);
