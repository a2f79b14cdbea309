import * as z from 'zod/mini';
import { consentVersion } from './consent-version';
import { checkForm, type FormCheck } from './forms/field-errors';
import { analyticsProviders } from './services';

/**
 * How far the time of a choice may be from the server's clock: the browser
 * reports it at once, so only a device clock that is off shows here.
 */
export const consentClockSkewMs = 10 * 60_000;

/** A random (v4) UUID in its canonical lower-case form, as crypto.randomUUID and the browser make it. */
const consentId = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * A cookie choice as the browser reports it: the random id it was stored
 * with, the version of the consent texts, the choices, the optional services
 * they were given for, and when. Nothing in it identifies the visitor.
 */
export const consentRecordSchema = z.strictObject({
  id: z.string({ error: 'invalidId' }).check(z.regex(consentId, 'invalidId')),
  version: z
    .int({ error: 'invalidVersion' })
    .check(z.refine((version) => version === consentVersion, 'invalidVersion')),
  choices: z.strictObject(
    { preferences: z.boolean(), analytics: z.boolean(), marketing: z.boolean() },
    { error: 'invalidChoices' },
  ),
  services: z
    .array(z.enum(analyticsProviders, { error: 'invalidServices' }))
    .check(z.maxLength(analyticsProviders.length)),
  timestamp: z.iso.datetime({ error: 'invalidTimestamp' }),
});

export type ConsentRecord = z.output<typeof consentRecordSchema>;

/** What the running site takes: the services it uses (common/services.ts ids) and its clock. */
export interface ConsentRecordContext {
  services: readonly string[];
  now: number;
}

/**
 * A record the site keeps: of the current consent version, made within
 * minutes of the server's clock, for services this site uses (each once).
 */
export function checkConsentRecord(
  input: unknown,
  { services, now }: ConsentRecordContext,
): FormCheck<ConsentRecord, keyof ConsentRecord> {
  const check = checkForm<typeof consentRecordSchema, keyof ConsentRecord>(consentRecordSchema, input);
  if (!check.success) return check;
  const fields: Partial<Record<keyof ConsentRecord, string>> = {};
  const record = check.data;
  if (Math.abs(Date.parse(record.timestamp) - now) > consentClockSkewMs) fields.timestamp = 'invalidTimestamp';
  if (new Set(record.services).size !== record.services.length || record.services.some((id) => !services.includes(id)))
    fields.services = 'invalidServices';
  return Object.keys(fields).length > 0 ? { success: false, fields, unknownFields: false } : check;
}
