import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { consentRecordPath } from '../../common/api-paths';
import { checkConsentRecord, type ConsentRecord } from '../../common/consent-record';
import type { Database } from '../db/database';
import { describeError } from '../describe-error';
import { HttpError, invalidForm } from '../http/http-error';

export interface ConsentRouteOptions {
  db: Database;
  guard: RouteShorthandOptions;
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
 * behind the forms' guard (cross-site refusal, rate limit, 16 KiB). Nothing
 * about the request (address, user agent) is stored with it.
 */
export async function consentRoutes(
  app: FastifyInstance,
  { db, guard, now = Date.now }: ConsentRouteOptions,
): Promise<void> {
  const guardParsing = guard.preParsing;
  app.post(
    consentRecordPath,
    {
      ...guard,
      preParsing: [
        ...(Array.isArray(guardParsing) ? guardParsing : guardParsing ? [guardParsing] : []),
        async (request, _reply, payload) => {
          const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
          if (type !== 'application/json') throw new HttpError(415, 'unsupported_media_type');
          return payload;
        },
      ],
    },
    async (request) => {
      const check = checkConsentRecord(request.body);
      if (!check.success) throw invalidForm(check);
      try {
        await recordConsent(db, check.data, now());
      } catch (error) {
        request.log.error({ err: describeError(error) }, 'consent: storage failed');
        throw new HttpError(503, 'unavailable');
      }
      return { success: true };
    },
  );
}
