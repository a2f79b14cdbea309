/** Thrown to answer with a status and DESIGN's error code (see error-handler.ts); `details` join the JSON answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(code);
  }
}

/** A form's field errors (common/forms): 400 with one SPEC 5 key per bad field. */
export function invalidForm(check: {
  fields: Readonly<Record<string, string | undefined>>;
  unknownFields: boolean;
}): HttpError {
  return new HttpError(400, check.unknownFields ? 'unknown_fields' : 'invalid_input', { fields: check.fields });
}
