import { domainToASCII, domainToUnicode } from 'node:url';

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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Cuts the local parts and domains of `addresses` out of a server's words, each
 * wherever it stands alone, in any case: a server may write them apart
 * ("mailbox jane.doe does not exist (domain example.org)"). The domain goes in
 * its ASCII and its Unicode spelling.
 */
export function withoutAddressParts(text: string, addresses: readonly (string | undefined)[]): string {
  const parts: [string, string][] = [];
  for (const address of addresses) {
    const at = address?.lastIndexOf('@') ?? -1;
    if (!address || at < 1) continue;
    const domain = address.slice(at + 1);
    parts.push([address.slice(0, at), '<local part>']);
    for (const spelling of new Set([domain, domainToASCII(domain), domainToUnicode(domain)]))
      if (spelling) parts.push([spelling, '<domain>']);
  }
  let clean = text;
  // Longest first, so a domain is not cut inside a longer local part that contains it.
  for (const [part, label] of parts.sort((a, b) => b[0].length - a[0].length)) {
    clean = clean.replace(
      new RegExp(`(?<![\\p{L}\\p{N}_%+-])${escapeRegExp(part)}(?![\\p{L}\\p{N}_%+-])`, 'giu'),
      label,
    );
  }
  return clean;
}
