import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error';
import { oneClickField } from '../mail/list-unsubscribe';

/** Whether a parsed body is the one-click request and nothing else. */
export function isOneClick(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const entries = Object.entries(body);
  return entries.length === 1 && entries[0]?.[0] === oneClickField.name && entries[0][1] === oneClickField.value;
}

/**
 * The fields of a multipart/form-data body (RFC 7578) made only of text
 * fields, as a mail client sends the one-click request; null for anything
 * else (files, headers folded or missing, a name twice).
 */
export function parseTextMultipart(body: string, contentType: string): Record<string, string> | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s";]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return null;
  const [, ...parts] = body.split(`--${boundary}`);
  const last = parts.pop();
  if (last === undefined || !/^--(\r\n)?$/.test(last)) return null;
  const fields = new Map<string, string>();
  for (const part of parts) {
    const section = /^\r\n([^]*?)\r\n\r\n([^]*)\r\n$/.exec(part);
    const headers = section?.[1]?.split('\r\n') ?? [];
    const disposition = headers.map((header) => /^content-disposition:\s*form-data;\s*name="([^"]*)"$/i.exec(header));
    const name = disposition.find(Boolean)?.[1];
    const others = headers.filter((_, index) => !disposition[index]);
    if (
      name === undefined ||
      fields.has(name) ||
      others.some((header) => !/^content-type:\s*text\/plain/i.test(header))
    )
      return null;
    fields.set(name, section?.[2] ?? '');
  }
  return Object.fromEntries(fields);
}

/**
 * Lets routes of `scope` take the one-click request as multipart/form-data,
 * which RFC 8058 recommends to mail clients; any other multipart body is
 * still 415, as everywhere else.
 */
export function acceptOneClickMultipart(scope: FastifyInstance): void {
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (request, body, done) => {
    const fields = parseTextMultipart(body as string, request.headers['content-type'] ?? '');
    if (fields && isOneClick(fields)) done(null, fields);
    else done(new HttpError(415, 'unsupported_media_type'), undefined);
  });
}
