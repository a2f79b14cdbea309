import * as z from 'zod/mini';
import { checkForm, multiLine, normalizeMessage, showsSomething, type FormCheck } from './field-errors';
import { maxEmailOctets } from '../email-address';
import { emailField, languageField, singleLineChecks, stop } from './fields';

/**
 * A form described once: each field's schema beside what the page, the server and the
 * checks derive from it (the inputs' name, type, required and maxLength, the fields the
 * server takes, the columns it keeps, the rows of the company's mail, the error keys that
 * must be translated, the malformed-request corpus). Adding a field is a line in the
 * form's list (common/forms/contact-form.ts), a migration when it is kept, and its texts.
 */

/** How a field is asked for on the page: an input's or textarea's own attributes. */
export interface FieldControl {
  type: 'text' | 'email' | 'tel' | 'url' | 'textarea';
  required: boolean;
  maxLength: number;
  /** The browser's autofill token (`name`, `email`, `organization`…). */
  autoComplete?: string;
  /** Beside its neighbour on wide screens, or a row of its own. */
  width: 'half' | 'full';
}

export interface FormField<S extends z.ZodMiniType = z.ZodMiniType> {
  name: string;
  schema: S;
  /**
   * What it is for: a field the visitor fills in, options the visitor ticks (sent as a list), the
   * honeypot, the page's language, or a box the visitor may tick to consent.
   */
  role: 'input' | 'choices' | 'honeypot' | 'language' | 'consent';
  /** The control a visitor fills in, labelled by the form's `fields.<name>` text; null for the hidden ones. */
  control: FieldControl | null;
  /** Every error key the field's checks give, each a text in the form's `errors`. */
  errors: readonly string[];
  /** Kept with the record, in the column of its name in snake_case, and shown in the company's mail. */
  kept: boolean;
}

export type FieldFactory<S extends z.ZodMiniType = z.ZodMiniType> = (name: string) => FormField<S>;

type TextSchema<R extends boolean> = R extends true ? z.ZodMiniString : z.ZodMiniOptional<z.ZodMiniString>;

interface TextFieldOptions<R extends boolean> {
  required: R;
  /** The most characters it takes (trimmed). */
  max: number;
  /** A message's text: line breaks and tabs kept, pasted invisible characters dropped. */
  multiline?: boolean;
  type?: 'text' | 'tel' | 'url';
  autoComplete?: string;
  width?: FieldControl['width'];
  /** Error keys other than the usual `<name>Required`, `<name>TooLong` and, for an optional field, `invalidValue`. */
  keys?: { missing?: string; tooLong?: string; wrongType?: string };
}

/**
 * A text the visitor types: one line of visible text (names, subjects, a company, a phone
 * number), or with `multiline` a message. Required ones must not be empty once trimmed.
 */
export function textField<R extends boolean>({
  required,
  max,
  multiline = false,
  type = 'text',
  autoComplete,
  width = 'full',
  keys = {},
}: TextFieldOptions<R>): FieldFactory<TextSchema<R>> {
  return (name) => {
    const missing = keys.missing ?? `${name}Required`;
    const tooLong = keys.tooLong ?? `${name}TooLong`;
    const wrongType = keys.wrongType ?? (required ? missing : 'invalidValue');
    const checks = multiline
      ? [
          z.overwrite(normalizeMessage),
          z.trim(),
          ...(required ? [z.minLength(1, stop(missing))] : []),
          z.maxLength(max, stop(tooLong)),
          z.regex(multiLine, 'invalidCharacters'),
          // Kept as written, but something in it must show.
          z.refine<string>((value) => value === '' || showsSomething.test(value), 'invisibleCharacters'),
        ]
      : [z.trim(), ...(required ? [z.minLength(1, stop(missing))] : []), ...singleLineChecks(max, tooLong)];
    const text = z.string({ error: wrongType }).check(...checks);
    return {
      name,
      schema: (required ? text : z.optional(text)) as TextSchema<R>,
      role: 'input',
      control: { type: multiline ? 'textarea' : type, required, maxLength: max, autoComplete, width },
      errors: [
        ...new Set([wrongType, ...(required ? [missing] : []), tooLong, 'invalidCharacters', 'invisibleCharacters']),
      ],
      kept: true,
    };
  };
}

/** A required e-mail address, in its one spelling (common/email-address.ts). */
export const emailInput =
  ({ width = 'full' }: { width?: FieldControl['width'] } = {}): FieldFactory<ReturnType<typeof emailField>> =>
  (name) => ({
    name,
    schema: emailField(),
    role: 'input',
    control: { type: 'email', required: true, maxLength: maxEmailOctets, autoComplete: 'email', width },
    errors: ['emailRequired', 'invalidEmail'],
    kept: true,
  });

/** The honeypot: a field people never see and bots fill; its value is never kept. */
export const honeypotField =
  (max: number): FieldFactory<z.ZodMiniOptional<z.ZodMiniString>> =>
  (name) => ({
    name,
    schema: z.optional(z.string({ error: 'invalidValue' }).check(z.maxLength(max, 'invalidValue'))),
    role: 'honeypot',
    control: null,
    errors: ['invalidValue'],
    kept: false,
  });

/** The language the visitor used the site in, sent along as a hidden field; it picks the language of mails and answers. */
export const languageInput = (): FieldFactory<ReturnType<typeof languageField>> => (name) => ({
  name,
  schema: languageField(),
  role: 'language',
  control: null,
  errors: ['invalidLanguage'],
  kept: false,
});

/**
 * A separate, unticked consent the visitor may give (GDPR Art. 7(2)): `true` in JSON, the
 * checkbox's `on` in the form's own post; absent or false, not given. The page draws the box
 * itself, where the consent is offered.
 */
export const consentBox =
  (): FieldFactory<z.ZodMiniOptional<z.ZodMiniPipe<z.ZodMiniType<boolean | 'on'>, z.ZodMiniTransform<boolean>>>> =>
  (name) => ({
    name,
    schema: z.optional(
      z.pipe(
        z.union([z.boolean(), z.literal('on')], { error: 'invalidValue' }),
        z.transform((value: boolean | 'on') => value === true || value === 'on'),
      ),
    ),
    role: 'consent',
    control: null,
    errors: ['invalidValue'],
    kept: true,
  });

export interface FormDescription<F extends Record<string, FieldFactory>> {
  /** What the form was made of: a test makes the next release's form from it. */
  factories: F;
  /** Every field, in the order the page shows them. */
  fields: FormField[];
  names: (keyof F & string)[];
  schema: z.ZodMiniObject<{ [K in keyof F]: ReturnType<F[K]>['schema'] }>;
}

export function defineForm<F extends Record<string, FieldFactory>>(factories: F): FormDescription<F> {
  const fields = Object.entries(factories).map(([name, make]) => make(name));
  const shape = Object.fromEntries(fields.map((field) => [field.name, field.schema])) as {
    [K in keyof F]: ReturnType<F[K]>['schema'];
  };
  return { factories, fields, names: fields.map((field) => field.name), schema: z.object(shape) };
}

/** A form's fields that a visitor fills in, with their control. */
export const visibleFields = (form: { fields: FormField[] }) =>
  form.fields.filter((field): field is FormField & { control: FieldControl } => field.control !== null);

/** The name of a form's hidden field of this role (the honeypot, the language). */
export function hiddenField(
  form: { fields: FormField[] },
  role: Exclude<FormField['role'], 'input' | 'choices'>,
): string {
  const field = form.fields.find((candidate) => candidate.role === role);
  if (!field) throw new Error(`The form has no ${role} field`);
  return field.name;
}

/** A field's column: `companyName` → `company_name`. */
export const columnOf = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** What a column is called in the database: the field's name in snake_case. */
export type ColumnOf<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${ColumnOf<Tail>}`
  : S;

/**
 * Fields a later release may add (docs/decisions/0039-fields-of-a-later-release-left-aside.md): named as the forms' own fields are, with a
 * text value. During a rolling deploy a page of the next release may post one to an
 * instance of this one, which takes the message without it rather than refusing it.
 * Anything else it does not know is refused, as before.
 */
const laterFieldName = /^[a-z][a-zA-Z0-9]{0,39}$/;
export const maxLaterFields = 8;
export const maxLaterFieldLength = 5000;

/** The names of the fields in `input` the form does not know, and whether each could be a later release's. */
function unknownFields(input: unknown, known: readonly string[]): { ignored: string[]; refused: boolean } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ignored: [], refused: false };
  const unknown = Object.keys(input).filter((name) => !known.includes(name));
  const acceptable = (name: string) => {
    const value = (input as Record<string, unknown>)[name];
    return (
      laterFieldName.test(name) &&
      !(name in Object.prototype) &&
      typeof value === 'string' &&
      value.length <= maxLaterFieldLength
    );
  };
  return { ignored: unknown, refused: unknown.length > maxLaterFields || !unknown.every(acceptable) };
}

export type FieldsCheck<T, F extends string> =
  | { success: true; data: T; /** Fields of a later release, taken and left aside. */ ignored: string[] }
  | Extract<FormCheck<T, F>, { success: false }>;

/**
 * Checks a form's input against its description: the first error key of each bad field, and
 * the fields it does not know, which it leaves aside when a later release may send them and
 * refuses otherwise (`unknownFields`). The data holds the form's own fields alone.
 */
export function checkFields<F extends Record<string, FieldFactory>>(
  form: FormDescription<F>,
  input: unknown,
): FieldsCheck<z.output<FormDescription<F>['schema']>, keyof F & string> {
  const unknown = unknownFields(input, form.names);
  const check = checkForm<FormDescription<F>['schema'], keyof F & string>(form.schema, input);
  if (!check.success) return { ...check, unknownFields: check.unknownFields || unknown.refused };
  if (unknown.refused) return { success: false, fields: {}, unknownFields: true };
  return { success: true, data: check.data, ignored: unknown.ignored };
}
