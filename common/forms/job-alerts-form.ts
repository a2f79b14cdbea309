import * as z from 'zod/mini';
import { singleLine } from './field-errors';
import { checkFields, defineForm, emailInput, languageInput, type FieldFactory, type FieldsCheck } from './form-fields';

/**
 * The version of the job alerts' sign-up text (the form's consent note). Stored with every
 * consent as evidence; raise it when the text changes.
 */
export const jobAlertsConsentVersion = '2026-11-28';

/** The most departments one sign-up may name: more than any feed has named is no choice. */
export const maxAlertDepartments = 100;

/** The longest department a sign-up may name: the feed's names are cut at 80 characters. */
const maxDepartmentLength = 80;

/**
 * The departments an alert is for, ticked on the page: each a key the page offers, or a
 * department as the feed names it in any language (the API's clients may send names). None
 * means every department. The server then checks that each is one it knows.
 */
export const departmentsField = (): FieldFactory<z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString>>> => (name) => ({
  name,
  schema: z.optional(
    z
      .array(
        z
          .string({ error: 'invalidDepartments' })
          .check(
            z.trim(),
            z.minLength(1, 'unknownDepartment'),
            z.maxLength(maxDepartmentLength, 'unknownDepartment'),
            z.regex(singleLine, 'unknownDepartment'),
          ),
        { error: 'invalidDepartments' },
      )
      .check(z.maxLength(maxAlertDepartments, 'tooManyDepartments')),
  ),
  role: 'choices',
  control: null,
  errors: ['invalidDepartments', 'tooManyDepartments', 'unknownDepartment'],
  kept: true,
});

/** The job alerts' sign-up on the jobs page, checked in the browser and by POST /subscribe-job-alerts.php. */
export const jobAlertsForm = defineForm({
  email: emailInput(),
  departments: departmentsField(),
  language: languageInput(),
});

export type JobAlertsSignup = z.output<typeof jobAlertsForm.schema>;

export function checkJobAlertsSignup(input: unknown): FieldsCheck<JobAlertsSignup, keyof JobAlertsSignup> {
  return checkFields(jobAlertsForm, input);
}
