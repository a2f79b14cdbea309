import { entryPattern, type BrowserEntry } from '../../../common/services';

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

/** Deletes what a service keeps in the browser (its registry entries): its cookies, and its local storage keys. */
export function clearBrowserEntries(entries: readonly BrowserEntry[], doc: Document = document): void {
  const patterns = (kind: BrowserEntry['kind']) =>
    entries.filter((entry) => entry.kind === kind).map((entry) => entryPattern(entry.name));
  clearCookies(patterns('cookie'), doc);
  const storagePatterns = patterns('localStorage');
  if (storagePatterns.length === 0) return;
  try {
    const storage = doc.defaultView?.localStorage;
    const keys = storage ? Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '') : [];
    for (const key of keys) if (storagePatterns.some((pattern) => pattern.test(key))) storage?.removeItem(key);
  } catch {
    // Storage disabled: nothing can have been kept there.
  }
}
