/** Thrown to answer with a status and DESIGN's error code (see error-handler.ts). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
  ) {
    super(code);
  }
}
