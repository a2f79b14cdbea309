/**
 * One address model for both forms and every place that stores, counts or
 * mails an address (docs/decisions/0031-one-spelling-per-address.md). An address has one spelling:
 * the local part in NFKC and lower case, the domain as IDNA 2008 / UTS #46
 * make it (mapped, lower-cased, in its ASCII form). Look-alike spellings
 * (`x@ｅxample.org`, `x@𝐞xample.org`, `x@ⓔxample.org`, `ｘ@EXAMPLE.ORG`) are the
 * same address. What a mail server, a header parser or DNS would read other
 * than we do is refused: encoded-words, quoted local parts, dots at an edge or
 * twice, local parts over 64 octets, and domains that are not LDH host names
 * with an alphabetic top-level domain.
 *
 * The domain goes through the WHATWG URL host parser, which applies UTS #46 in
 * Node and in every browser, so the form and the server agree without a
 * mapping table of our own. No imports: the browser's forms load it.
 */

/** The longest address SMTP carries (RFC 5321: a path of 256 octets, less the angle brackets). */
export const maxEmailOctets = 254;
const maxLocalOctets = 64;
const maxDomainOctets = 253;

/**
 * Nothing that is not text one can see: controls, format characters
 * (zero-width space, bidi controls, BOM…), separators and spaces, private-use,
 * surrogates, unassigned code points and what Unicode says to ignore (joiners,
 * variation selectors, Hangul fillers). UTS #46 would silently drop some of
 * them; a visitor could not see them to remove them.
 */
const hidden = /[\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]/u;

/**
 * RFC 5322's atext, with letters, marks and digits of any script for an
 * internationalised local part (RFC 6532); other non-ASCII symbols and
 * punctuation are refused.
 */
const atom = String.raw`[a-z0-9!#$%&'*+/=?^_\x60{|}~\-\p{L}\p{M}\p{N}]+`;
/** A dot-atom: atoms joined by single dots, none at either end. Quoted strings are not taken. */
const dotAtom = new RegExp(String.raw`^${atom}(?:\.${atom})*$`, 'u');
/** The start of an RFC 2047 encoded-word, which a decoding mail client would turn into other text. */
const encodedWord = /=\?/;

/** What a domain may be written with before mapping: letters, marks and digits of any script, hyphens, and full stops. */
const domainText = /^[\p{L}\p{M}\p{Nd}\-.\u3002]+$/u;
/** An LDH label (RFC 1123): letters, digits and inner hyphens, 1 to 63 of them. */
const ldhLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const aLabelPrefix = 'xn--';

const octets = (text: string) => new TextEncoder().encode(text).length;

/**
 * The address in its one spelling, or null when it is not one the site takes.
 * Idempotent: an address in its spelling maps to itself.
 */
export function canonicalEmail(input: string): string | null {
  const address = input.trim();
  if (hidden.test(address)) return null;
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  // NFKC again after lower-casing: a few lower-case forms are not NFKC themselves.
  const local = address.slice(0, at).normalize('NFKC').toLowerCase().normalize('NFKC');
  if (!dotAtom.test(local) || encodedWord.test(local) || octets(local) > maxLocalOctets) return null;
  const domain = asciiDomain(address.slice(at + 1));
  if (domain === null) return null;
  const canonical = `${local}@${domain}`;
  return octets(canonical) <= maxEmailOctets ? canonical : null;
}

/** The domain as UTS #46 maps it, in ASCII, if it is a host name with an alphabetic top-level domain. */
function asciiDomain(written: string): string | null {
  if (!domainText.test(written.normalize('NFKC'))) return null;
  let host: string;
  try {
    host = new URL(`http://${written}/`).hostname;
  } catch {
    return null;
  }
  if (host.length > maxDomainOctets) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => ldhLabel.test(label) && isValidALabel(label))) return null;
  const topLevel = labels.at(-1) ?? '';
  const alphabetic = topLevel.startsWith(aLabelPrefix)
    ? /^[\p{L}\p{M}]+$/u.test(decodePunycode(topLevel.slice(aLabelPrefix.length)) ?? '')
    : /^[a-z]{2,}$/.test(topLevel);
  return alphabetic ? host : null;
}

/**
 * An `xn--` label must be the ASCII form of a Unicode label that maps to it
 * again (the URL parser passes any `xn--` text on unchecked); other labels pass.
 */
function isValidALabel(label: string): boolean {
  if (!label.startsWith(aLabelPrefix)) return true;
  const unicode = decodePunycode(label.slice(aLabelPrefix.length));
  if (unicode === null || /^\p{ASCII}*$/u.test(unicode) || !/^[\p{L}\p{M}\p{Nd}-]+$/u.test(unicode)) return false;
  try {
    return new URL(`http://${unicode}/`).hostname === label;
  } catch {
    return false;
  }
}

const base = 36;
const tMin = 1;
const tMax = 26;
const maxInt = 0x7fffffff;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / 700) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((base - tMin) * tMax) >> 1) {
    d = Math.floor(d / (base - tMin));
    k += base;
  }
  return k + Math.floor(((base - tMin + 1) * d) / (d + 38));
}

const digitOf = (code: number) =>
  code >= 0x30 && code <= 0x39 ? code - 22 : code >= 0x61 && code <= 0x7a ? code - 0x61 : -1;

/** Punycode (RFC 3492) to Unicode, or null when `input` is not valid Punycode. */
export function decodePunycode(input: string): string | null {
  const output: number[] = [];
  const basic = Math.max(input.lastIndexOf('-'), 0);
  for (let j = 0; j < basic; j++) output.push(input.charCodeAt(j));
  let n = 0x80;
  let bias = 72;
  let i = 0;
  for (let index = basic > 0 ? basic + 1 : 0; index < input.length;) {
    const before = i;
    for (let w = 1, k = base; ; k += base) {
      const digit = index < input.length ? digitOf(input.charCodeAt(index++)) : -1;
      if (digit < 0 || digit > Math.floor((maxInt - i) / w)) return null;
      i += digit * w;
      const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
      if (digit < t) break;
      w *= base - t;
    }
    const length = output.length + 1;
    bias = adapt(i - before, length, before === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

/** Providers that deliver `j.doe@` and `jdoe@` to one mailbox, by domain, and the domain that stands for all of them. */
const dotlessDomains: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address in its one spelling reaches, as far as the site can tell: without
 * its sub-address (`jo+jobs@` is `jo@` at nearly every provider) and, where the provider
 * ignores them, without the dots of its local part (Gmail, under either of its domains).
 * What is counted as one mailbox (the confirmation mails' cap); an address is still stored
 * and mailed as written.
 */
export function mailboxFamily(canonical: string): string {
  const at = canonical.lastIndexOf('@');
  let local = canonical.slice(0, at);
  let domain = canonical.slice(at + 1);
  const tag = local.indexOf('+');
  if (tag > 0) local = local.slice(0, tag);
  const dotless = dotlessDomains[domain];
  if (dotless !== undefined) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}
