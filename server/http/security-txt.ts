import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';

export const securityTxtPath = '/.well-known/security.txt';

/** How long a build's security.txt stays valid: RFC 9116 advises less than a year; each build renews it. */
export const securityTxtValidityMs = 180 * 24 * 3600_000;

/** Warn this long before it expires: time to build and deploy again. */
export const securityTxtWarningMs = 30 * 24 * 3600_000;

/**
 * /.well-known/security.txt (RFC 9116): whom to tell about a vulnerability,
 * in which languages, and until when this holds. Written into the client
 * build (scripts/write-security-txt.ts), so nginx serves it as a file and
 * Node the same bytes.
 */
export function securityTxt(builtAt: Date): string {
  const expires = new Date(builtAt.getTime() + securityTxtValidityMs);
  return [
    `# ${company.name}: please report security vulnerabilities to the contact below.`,
    `Contact: mailto:${company.securityEmail}`,
    `Expires: ${expires.toISOString()}`,
    `Preferred-Languages: ${languageCodes.join(', ')}`,
    '',
  ].join('\n');
}

/** The Expires field of a security.txt, if it has a valid one. */
export function securityTxtExpires(text: string): Date | null {
  const value = /^Expires: *(\S+) *$/im.exec(text)?.[1];
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

export interface SecurityTxtOptions {
  /** The client build (dist/client). */
  clientDir: string;
  now: () => number;
  onExpires(expires: Date): void;
  warn(message: string): void;
}

/** Serves the build's security.txt, if it has one, and says at start when it has expired or will soon. */
export async function securityTxtRoutes(
  app: FastifyInstance,
  { clientDir, now, onExpires, warn }: SecurityTxtOptions,
): Promise<void> {
  let text: string;
  try {
    text = await readFile(path.join(clientDir, securityTxtPath), 'utf8');
  } catch {
    warn(`The build has no ${securityTxtPath}: run "npm run build" to write it.`);
    return;
  }
  const expires = securityTxtExpires(text);
  if (expires) {
    onExpires(expires);
    const left = expires.getTime() - now();
    if (left < securityTxtWarningMs)
      warn(
        `${securityTxtPath} ${left <= 0 ? 'expired' : 'expires'} on ${expires.toISOString()}: build and deploy again to renew it (in production: npm run release, then westbridge switch).`,
      );
  }
  app.get(securityTxtPath, async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(text),
  );
}
