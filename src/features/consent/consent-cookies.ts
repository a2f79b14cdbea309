/**
 * The domains a cookie for `hostname` may have been set on: the host itself
 * and each parent domain (Matomo and others often set theirs on the parent, so
 * that subdomains share them). IP addresses and single-label hosts have none.
 */
export function cookieDomains(hostname: string): string[] {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':') || !hostname.includes('.')) return [];
  const labels = hostname.split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

/** Deletes every cookie whose name matches one of `patterns`, wherever on this site it was set (path /). */
export function clearCookies(patterns: readonly RegExp[], doc: Document = document): void {
  if (patterns.length === 0) return;
  const names = doc.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => name && patterns.some((pattern) => pattern.test(name)));
  const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  for (const name of new Set(names)) {
    doc.cookie = `${name}=; ${expired}`;
    for (const domain of cookieDomains(doc.location.hostname)) doc.cookie = `${name}=; ${expired}; domain=${domain}`;
  }
}
