import type { Migration } from 'kysely';
import { contactAndOutbox } from './001-contact-and-outbox';
import { newsletter } from './002-newsletter';
import { rateLimits } from './003-rate-limits';
import { newsletterSync } from './004-newsletter-sync';
import { keyedAddressHashes } from './005-keyed-address-hashes';
import { consentRecords } from './006-consent-records';
import { oneQueue } from './007-one-queue';
import { oneSpelling } from './008-one-spelling';
import { honeypotHits } from './009-honeypot-hits';
import { jobsFeed } from './010-jobs-feed';

/**
 * Every migration, in order of their names. They are written once for both
 * SQLite and PostgreSQL, using only types both understand.
 */
export const migrations: Record<string, Migration> = {
  '001-contact-and-outbox': contactAndOutbox,
  '002-newsletter': newsletter,
  '003-rate-limits': rateLimits,
  '004-newsletter-sync': newsletterSync,
  '005-keyed-address-hashes': keyedAddressHashes,
  '006-consent-records': consentRecords,
  '007-one-queue': oneQueue,
  '008-one-spelling': oneSpelling,
  '009-honeypot-hits': honeypotHits,
  '010-jobs-feed': jobsFeed,
};
