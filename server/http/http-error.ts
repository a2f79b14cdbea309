import type { FastifyRequest } from 'fastify';

/** Thrown to answer with a status and the error code of docs/contract.md#api-answers (see error-handler.ts); `details` join the JSON answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(code);
  }
}

/**
 * Notes the fields of a later release that a form took and left aside (docs/decisions/0039-fields-of-a-later-release-left-aside.md): their
 * names alone, never what was sent in them. Seen outside a rolling deploy, they mean a page
 * and the server of different releases.
 */
export function ignoredFields(request: FastifyRequest, names: readonly string[]): void {
  if (names.length > 0) request.log.info({ ignoredFields: names }, 'form: fields of a later release left aside');
}

/** A form's field errors (common/forms): 400 with one message key per bad field (docs/contract.md#api-answers). */
export function invalidForm(check: {
  fields: Readonly<Record<string, string | undefined>>;
  unknownFields: boolean;
}): HttpError {
  return new HttpError(400, check.unknownFields ? 'unknown_fields' : 'invalid_input', { fields: check.fields });
}
