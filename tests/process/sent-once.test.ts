import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, markerOf, newMarker, postContact } from './support/http';
import { startBacking, startInstance, waitUntil, type Backing, type InstanceSettings } from './support/instances';
import { runCommand } from './support/commands';
import { tally, waitForMarkers } from './support/mailbox';

let backing: Backing;
let settings: InstanceSettings;
let commandEnv: Record<string, string>;
/** A claim lasts 2 s here (60 s in production); the SMTP server takes longer than that for each mail. */
const lockMs = 2_000;

beforeAll(async () => {
  backing = await startBacking();
  settings = {
    databaseUrl: backing.postgres.url,
    smtpUrl: backing.smtp.url,
    env: { TEST_QUEUE_TIMINGS: `lockMs=${lockMs},firstRetryMs=200,maxRetryMs=1000` },
  };
  commandEnv = {
    DATABASE_URL: backing.postgres.url,
    SMTP_URL: backing.smtp.url,
    SITE_URL: 'https://www.westbridge.example',
    MAIL_FROM: 'Westbridge <website@westbridge.example>',
    CONTACT_TO: 'inbox@westbridge.example',
  };
});

/** The mails of `markers` the outbox holds as maybe delivered, by id. */
async function maybeDelivered(markers: readonly string[]): Promise<{ id: string; marker: string }[]> {
  const rows = await backing.postgres.query<{ id: string; payload: string }>(
    `select id, payload from outbox where status = 'maybe-sent'`,
  );
  return rows
    .map((row) => ({ id: row.id, marker: markerOf((JSON.parse(row.payload) as { subject: string }).subject) ?? '' }))
    .filter((row) => markers.includes(row.marker));
}

afterAll(async () => {
  await backing?.stop();
});

describe('each mail is sent once', () => {
  it('by two instances, though the SMTP server takes longer to accept each mail than a claim lasts', async () => {
    backing.smtp.answerDelayMs = lockMs + 300;
    const [a, b] = await Promise.all([startInstance(settings), startInstance(settings)]);
    const markers = Array.from({ length: 20 }, () => newMarker('slow-smtp'));
    const started = Date.now();
    const outcomes = await inParallel(markers, 4, (marker, n) => postContact((n % 2 ? a : b).url, marker));
    expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);

    const { byMarker, duplicateMessageIds } = await waitForMarkers(backing.smtp, markers, 90_000);
    console.log(
      `20 mails, SMTP accepting each after ${backing.smtp.answerDelayMs} ms, claims of ${lockMs} ms: ` +
        `all delivered in ${Date.now() - started} ms, ${duplicateMessageIds.length} twice`,
    );
    expect(duplicateMessageIds).toEqual([]);
    expect(markers.filter((marker) => byMarker.get(marker) !== 1)).toEqual([]);
    await Promise.all([a.terminate(), b.terminate()]);
  });

  it('after kill -9 of an instance while the SMTP server is answering: the mail whose end it had sent is maybe delivered, sent again by the operator only', async () => {
    backing.smtp.answerDelayMs = 1_500;
    const [a, b] = await Promise.all([startInstance(settings), startInstance(settings)]);
    const markers = Array.from({ length: 6 }, () => newMarker('kill-mid-send'));
    const outcomes = await inParallel(markers, 6, (marker, n) => postContact((n % 2 ? a : b).url, marker));
    expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);
    // Both instances are sending, each waiting for the server's answer to the end of a mail.
    await waitUntil(
      () => backing.smtp.inProgress === 2,
      30_000,
      () => `${backing.smtp.inProgress} mails in progress`,
    );
    const abandonedBefore = backing.smtp.abandoned;
    await a.kill();
    const killedAt = Date.now();

    // Once the killed instance's claim lapses, the other one records its mail as maybe delivered.
    let maybe: { id: string; marker: string }[] = [];
    await waitUntil(
      async () => (maybe = await maybeDelivered(markers)).length === 1,
      30_000,
      () => `${maybe.length} mails maybe delivered`,
    );
    const [{ id, marker: lost } = { id: '', marker: '' }] = maybe;
    const others = markers.filter((marker) => marker !== lost);
    const { byMarker, duplicateMessageIds } = await waitForMarkers(backing.smtp, others, 60_000);
    const abandoned = backing.smtp.abandoned - abandonedBefore;
    console.log(
      `kill -9 while the SMTP server was answering: ${others.length} delivered ${Date.now() - killedAt} ms after the kill, ` +
        `${abandoned} the killed instance had sent whole is maybe delivered (this server dropped it), ` +
        `${duplicateMessageIds.length} delivered twice`,
    );
    expect(abandoned).toBe(1);
    expect(duplicateMessageIds).toEqual([]);
    expect(others.filter((marker) => byMarker.get(marker) !== 1)).toEqual([]);
    // Not sent again by itself: it may have been delivered (this server dropped it; a relay may not).
    expect(byMarker.has(lost)).toBe(false);

    backing.smtp.answerDelayMs = 0;
    const resent = await runCommand(['mail:resend', id], commandEnv);
    expect(resent).toMatchObject({ code: 0, stdout: `sent\t${id}\n` });
    expect(tally(backing.smtp, [lost]).byMarker.get(lost)).toBe(1);
    await b.terminate();
  });
});
