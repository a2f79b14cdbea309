/**
 * An error as stored and logged: its code and first line, without the
 * addresses a mail server tends to quote back.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error as { code?: unknown }).code;
  const message = error.message.split('\n')[0]?.replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, '<address>') ?? '';
  return [typeof code === 'string' ? code : null, message.slice(0, 300)].filter(Boolean).join(': ');
}
