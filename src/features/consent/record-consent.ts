import { apiPaths } from '../../../common/api-paths';
import type { ConsentRecord } from '../../../common/consent-record';
import type { StoredConsent } from './consent-preferences';

/** What the server keeps of a stored choice: no more than the choice itself. */
export function consentRecord(stored: StoredConsent): ConsentRecord {
  return {
    id: stored.id,
    version: stored.version,
    choices: { preferences: stored.preferences, analytics: stored.analytics, marketing: stored.marketing },
    services: stored.services as ConsentRecord['services'],
    timestamp: stored.timestamp,
  };
}

/**
 * Sends the record of a choice to the server (Art. 7(1) GDPR), after the
 * choice has taken effect and outliving a reload (keepalive). A failure costs
 * the visitor nothing and is only logged.
 */
export function recordConsent(stored: StoredConsent): void {
  setTimeout(() => {
    fetch(apiPaths.consentRecord, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(consentRecord(stored)),
      keepalive: true,
    }).then(
      (response) => {
        if (!response.ok) console.warn(`Failed to record the cookie choice: ${response.status}`);
      },
      (error: unknown) => console.warn('Failed to record the cookie choice:', error),
    );
  });
}
