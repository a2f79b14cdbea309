import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { apiPaths } from '../../common/api-paths';
import { checkConsentRecord, type ConsentRecord } from '../../common/consent-record';
import type { Database } from '../db/database';
import { describeError } from '../describe-error';
import { jsonOnly } from '../http/form-guard';
import { HttpError, invalidForm } from '../http/http-error';

export interface ConsentRouteOptions {
  db: Database;
  guard: RouteShorthandOptions;
  /** The optional services this site uses (common/services.ts ids): a record for others is refused. */
  services: readonly string[];
  now?: () => number;
}

/** Keeps a cookie choice; the same id sent again (a retry) changes nothing. */
export async function recordConsent(db: Database, record: ConsentRecord, recordedAt: number): Promise<void> {
  const flag = (granted: boolean) => (granted ? 1 : 0);
  await db
    .insertInto('consent_records')
    .values({
      id: record.id,
      recorded_at: recordedAt,
      consented_at: Date.parse(record.timestamp),
      version: record.version,
      preferences: flag(record.choices.preferences),
      analytics: flag(record.choices.analytics),
      marketing: flag(record.choices.marketing),
      services: record.services.join(' '),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * POST /api/consent: the browser's record of a cookie choice, JSON only,
 * behind the forms' guard (cross-site refusal, rate limit, 16 KiB), of the
 * current consent version, made within minutes of the server's clock, for the
 * services this site uses. Nothing about the request (address, user agent) is
 * stored with it.
 */
export async function consentRoutes(
  app: FastifyInstance,
  { db, guard, services, now = Date.now }: ConsentRouteOptions,
): Promise<void> {
  app.post(apiPaths.consentRecord, jsonOnly(guard), async (request) => {
    const check = checkConsentRecord(request.body, { services, now: now() });
    if (!check.success) throw invalidForm(check);
    try {
      await recordConsent(db, check.data, now());
    } catch (error) {
      request.log.error({ err: describeError(error) }, 'consent: storage failed');
      throw new HttpError(503, 'unavailable');
    }
    return { success: true };
  });
}
