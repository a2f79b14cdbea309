import { apiPaths } from '../../../common/api-paths';
import type { ContactField } from '../../../common/forms/contact-form';

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export type SendResult = { ok: true } | { ok: false; error: string; fields?: ContactFieldErrors };

/**
 * POST /send-contact.php (docs/contract.md#routes). Success is the HTTP ok status; otherwise the
 * server's error code and field keys, or `network_error`.
 */
export async function sendContactMessage(payload: Record<string, string>): Promise<SendResult> {
  try {
    const response = await fetch(apiPaths.contact, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => null)) as { error?: string; fields?: ContactFieldErrors } | null;
    return { ok: false, error: body?.error ?? `http_${response.status}`, fields: body?.fields };
  } catch {
    return { ok: false, error: 'network_error' };
  }
}
