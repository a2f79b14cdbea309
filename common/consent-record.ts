import * as z from 'zod/mini';
import { checkForm, type FormCheck } from './forms/field-errors';
import { analyticsProviders } from './services';

/**
 * A cookie choice as the browser reports it: the random id it was stored
 * with, the version of the consent texts, the choices, the optional services
 * they were given for, and when. Nothing in it identifies the visitor.
 */
export const consentRecordSchema = z.strictObject({
  id: z.uuid({ version: 'v4', error: 'invalidId' }),
  version: z.int({ error: 'invalidVersion' }).check(z.gte(1), z.lte(1_000_000)),
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

export function checkConsentRecord(input: unknown): FormCheck<ConsentRecord, keyof ConsentRecord> {
  return checkForm(consentRecordSchema, input);
}
