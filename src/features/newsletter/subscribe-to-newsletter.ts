import { apiPaths } from '../../../common/api-paths';

/**
 * POST /subscribe-newsletter.php (docs/contract.md#routes). Success means HTTP ok and
 * `success: true`; anything else, a network failure included, is a failure
 * whose reason is returned for logging only.
 */
export async function subscribeToNewsletter(
  email: string,
  language: string,
  /** The separate, unticked consent to per-person tracking: sent only when given. */
  tracking = false,
): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    const response = await fetch(apiPaths.newsletter, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(tracking ? { email, language, tracking } : { email, language }),
    });
    const body = (await response.json().catch(() => null)) as { success?: boolean; error?: string } | null;
    if (response.ok && body?.success === true) return { ok: true };
    return { ok: false, error: body?.error ?? `http_${response.status}` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : 'network_error' };
  }
}
