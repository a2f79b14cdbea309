import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from './support/commands';
import { newMarker, postContact, request } from './support/http';
import { startBacking, startInstance, waitUntil, type Backing, type InstanceSettings } from './support/instances';
import { tally, waitForMarkers } from './support/mailbox';

/**
 * A relay that takes its time to answer the end of each mail, as greylisting
 * relays, content filters and busy Exchange servers do, and that keeps a mail
 * it has whole even when the sender hangs up before the answer (the drill's
 * relay got 16 copies of 3 mails in 95 s when the site gave up after 8 s).
 * With RFC 5321's timeouts every mail reaches it once; a mail whose instance
 * is stopped while it waits is maybe delivered, and never sent again by itself
 * (docs/decisions/0048-maybe-delivered.md). The instances wait as in production.
 */
let backing: Backing;
let settings: InstanceSettings;
let commandEnv: Record<string, string>;
const token = 'slow-relay-metrics-token-0123456789';

beforeAll(async () => {
  backing = await startBacking();
  backing.smtp.keepAbandoned = true;
  settings = {
    databaseUrl: backing.postgres.url,
    smtpUrl: backing.smtp.url,
    // A claim lasts 3 s here (60 s in production): a stopped instance's mail is settled sooner.
    env: { METRICS_TOKEN: token, TEST_QUEUE_TIMINGS: 'lockMs=3000' },
  };
  commandEnv = {
    DATABASE_URL: backing.postgres.url,
    SMTP_URL: backing.smtp.url,
    SITE_URL: 'https://www.westbridge.example',
    MAIL_FROM: 'Westbridge <website@westbridge.example>',
    CONTACT_TO: 'inbox@westbridge.example',
  };
});

afterAll(async () => {
  await backing?.stop();
});

/** The queue's mail figures one instance reports: `<gauge>` → its value for contact mails. */
async function mailFigures(url: string): Promise<Record<string, number>> {
  const answer = await request(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  const figures: Record<string, number> = {};
  for (const [, name = '', value] of answer.body.matchAll(
    /^westbridge_queue_(\w+)\{queue="mail",kind="contact-notification"\} (\d+)$/gm,
  ))
    figures[name] = Number(value);
  return figures;
}

describe('a relay that answers the end of each mail late', () => {
  it('after 12 s: every mail reaches it once, and none is reported failed', async () => {
    backing.smtp.answerDelayMs = 12_000;
    const instance = await startInstance(settings);
    const markers = Array.from({ length: 3 }, () => newMarker('slow-relay'));
    const started = Date.now();
    for (const marker of markers) expect((await postContact(instance.url, marker)).status).toBe(200);

    const { byMarker, duplicateMessageIds } = await waitForMarkers(backing.smtp, markers, 90_000);
    console.log(
      `relay answering after 12 s: ${markers.length} mails delivered in ${Date.now() - started} ms, ` +
        `${duplicateMessageIds.length} twice, ${backing.smtp.abandoned} hung up on`,
    );
    expect(duplicateMessageIds).toEqual([]);
    expect(markers.filter((marker) => byMarker.get(marker) !== 1)).toEqual([]);
    expect(backing.smtp.abandoned).toBe(0);
    await waitUntil(
      async () => (await mailFigures(instance.url)).pending === 0,
      10_000,
      () => 'mails still pending',
    );
    expect(await mailFigures(instance.url)).toMatchObject({ pending: 0, given_up: 0, maybe_delivered: 0 });
    expect((await runCommand(['mail:given-up'], commandEnv)).stderr).toContain('No given-up mails.');
    await instance.terminate();
  });

  it('after 30 s, its instance restarted meanwhile: the mail reaches it once, maybe delivered, none failed', async () => {
    backing.smtp.answerDelayMs = 30_000;
    let instance = await startInstance(settings);
    const marker = newMarker('slow-relay-restart');
    expect((await postContact(instance.url, marker)).status).toBe(200);
    await waitUntil(
      () => backing.smtp.inProgress === 1,
      30_000,
      () => 'the relay never had the mail whole',
    );
    const stoppedAt = Date.now();
    const exit = await instance.terminate();
    const stopTook = Date.now() - stoppedAt;
    instance = await startInstance({ ...settings, port: instance.port });

    await waitForMarkers(backing.smtp, [marker], 60_000);
    // Long past the claim's lapse and any retry: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const { byMarker, duplicateMessageIds } = tally(backing.smtp, [marker]);
    const figures = await mailFigures(instance.url);
    console.log(
      `relay answering after 30 s, instance stopped after ${stopTook} ms (exit ${exit.code}) and restarted: ` +
        `delivered ${byMarker.get(marker)} time(s); given up ${figures.given_up}, maybe delivered ${figures.maybe_delivered}`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    expect(stopTook).toBeLessThan(10_000);
    expect(byMarker.get(marker)).toBe(1);
    expect(duplicateMessageIds).toEqual([]);
    expect(figures).toMatchObject({ pending: 0, given_up: 0, maybe_delivered: 1 });
    const listed = await runCommand(['mail:given-up'], commandEnv);
    expect(listed.stdout).toMatch(/\tcontact-notification\tmaybe-delivered\t/);
    expect(listed.stderr).toContain('1 maybe delivered');
    expect(listed.stderr).not.toContain('given up.');
    await instance.terminate();
  });
});
