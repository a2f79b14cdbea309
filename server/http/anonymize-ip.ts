import { isIPv4, isIPv6 } from 'node:net';

/**
 * A client address fit for logs: IPv4 keeps its first three octets, IPv6 its
 * first three groups (/48), so logs show networks, not people.
 */
export function anonymizeIp(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(mapped)) return `${mapped.split('.').slice(0, 3).join('.')}.0`;
  if (isIPv6(address)) {
    const [head = ''] = address.split('::');
    const groups = head.split(':').filter(Boolean);
    return `${[...groups, '0', '0', '0'].slice(0, 3).join(':')}::`;
  }
  return 'unknown';
}
