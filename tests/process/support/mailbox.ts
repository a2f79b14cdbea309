import type { SmtpSink } from '../../../server/test/smtp-sink';
import { markerOf } from './http';
import { waitUntil } from './instances';

export interface Tally {
  /** How often each contact message's mail arrived, by marker. */
  byMarker: Map<string, number>;
  /** Message-IDs that arrived more than once. */
  duplicateMessageIds: string[];
}

/** Counts the mails of `markers` only: the sink is shared, and an earlier test may have left a duplicate of its own. */
export function tally(smtp: SmtpSink, markers: readonly string[]): Tally {
  const own = new Set(markers);
  const byMarker = new Map<string, number>();
  const byMessageId = new Map<string, number>();
  for (const mail of smtp.received) {
    const marker = markerOf(mail.parsed.subject);
    if (!marker || !own.has(marker)) continue;
    byMarker.set(marker, (byMarker.get(marker) ?? 0) + 1);
    const id = mail.parsed.messageId ?? '';
    byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
  }
  return { byMarker, duplicateMessageIds: [...byMessageId].filter(([, count]) => count > 1).map(([id]) => id) };
}

/**
 * Waits until a mail for every marker has arrived, then a little longer so that late duplicates would show.
 * One tally per look: the sink shares this process, and a check that recounted every mail per marker
 * (hundreds of markers, thousands of mails, every 50 ms) took the CPU the sink needed to accept them.
 */
export async function waitForMarkers(smtp: SmtpSink, markers: readonly string[], timeoutMs: number): Promise<Tally> {
  let missing = markers.length;
  await waitUntil(
    () => {
      const { byMarker } = tally(smtp, markers);
      missing = markers.filter((marker) => !byMarker.has(marker)).length;
      return missing === 0;
    },
    timeoutMs,
    () => `${missing} of ${markers.length} mails missing`,
  );
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  return tally(smtp, markers);
}
