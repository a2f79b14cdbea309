import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewsletterProviderName } from '../../config';
import { ProviderMock } from '../../test/provider-mock';
import type { SubscribeEvent } from '../sync-jobs';
import { createNewsletterProvider } from '.';
import { newsletterRecipients } from '../../../common/services';
import { retryAfterMs, type NewsletterProvider } from './provider';

const signedUpAt = Date.parse('2026-11-20T09:58:12.345Z');
const confirmedAt = Date.parse('2026-11-20T10:03:07.891Z');
const event = (email: string): SubscribeEvent => ({
  email,
  language: 'fr',
  source: 'popup',
  consentTextVersion: '2026-11-22',
  signedUpAt,
  confirmedAt,
});
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

let mock: ProviderMock;
let warnings: string[];

async function start(name: NewsletterProviderName, key?: string): Promise<NewsletterProvider> {
  mock = new ProviderMock(name);
  await mock.start();
  warnings = [];
  return createNewsletterProvider(
    { name, key: key ?? mock.settings.key, list: mock.settings.list, url: mock.url },
    { timeoutMs: 2_000, warnOnce: (message) => warnings.push(message) },
  );
}

afterEach(async () => {
  await mock.stop();
});

const last = () => mock.requests.at(-1);

describe('Brevo', () => {
  let provider: NewsletterProvider;
  beforeEach(async () => {
    provider = await start('brevo');
  });

  it('creates the contact on the list with the opt-in evidence, updates it, removes it from the list and adds it back', async () => {
    expect(await provider.subscribe(event('efua@example.com'))).toEqual({ kind: 'delivered' });
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/v3/contacts',
      headers: { 'api-key': mock.settings.key, 'content-type': 'application/json', accept: 'application/json' },
      body: {
        email: 'efua@example.com',
        listIds: [7],
        updateEnabled: true,
        emailBlacklisted: false,
        attributes: { OPT_IN_AT: '2026-11-20T10:03:07.891Z', OPT_IN_SOURCE: 'popup', LANGUAGE: 'fr' },
      },
    });
    expect(await provider.subscribe(event('efua@example.com'))).toEqual({ kind: 'delivered' });
    expect(mock.subscribed()).toEqual(['efua@example.com']);

    expect(await provider.unsubscribe('efua@example.com')).toEqual({ kind: 'delivered' });
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/v3/contacts/lists/7/contacts/remove',
      headers: { 'api-key': mock.settings.key },
      body: { emails: ['efua@example.com'] },
    });
    expect(mock.subscribed()).toEqual([]);
    // Removing again, or someone Brevo never heard of, leaves nothing to do.
    expect(await provider.unsubscribe('efua@example.com')).toEqual({ kind: 'delivered' });
    expect(await provider.unsubscribe('stranger@example.com')).toEqual({ kind: 'delivered' });

    expect(await provider.subscribe(event('efua@example.com'))).toEqual({ kind: 'delivered' });
    expect(mock.subscribed()).toEqual(['efua@example.com']);
  });

  it('still subscribes when the account lacks the opt-in attributes, and says once how to keep them', async () => {
    mock.brevoAttributes = new Set(['FIRSTNAME', 'LASTNAME']);
    expect(await provider.subscribe(event('kojo@example.com'))).toEqual({ kind: 'delivered' });
    expect(mock.requests.map((request) => (request.body as { attributes?: unknown }).attributes)).toEqual([
      { OPT_IN_AT: '2026-11-20T10:03:07.891Z', OPT_IN_SOURCE: 'popup', LANGUAGE: 'fr' },
      undefined,
    ]);
    expect(mock.subscribed()).toEqual(['kojo@example.com']);
    expect(warnings).toEqual([expect.stringContaining('OPT_IN_AT, OPT_IN_SOURCE and LANGUAGE')]);
  });

  it('gives up an address Brevo refuses, and waits on a list it does not know', async () => {
    expect(await provider.subscribe(event('invalid@example'))).toEqual({
      kind: 'rejected',
      reason: 'HTTP 400: invalid_parameter – Invalid email address',
    });
    mock.answerNext({ status: 404, body: { code: 'document_not_found', message: 'List ID does not exist' } });
    expect(await provider.unsubscribe('efua@example.com')).toMatchObject({
      kind: 'retry',
      misconfigured: expect.stringContaining('NEWSLETTER_PROVIDER_LIST'),
    });
  });
});

describe('Mailchimp', () => {
  let provider: NewsletterProvider;
  beforeEach(async () => {
    provider = await start('mailchimp');
  });

  it('puts the member keyed by the MD5 of the lower-cased address, unsubscribes it by PATCH, and resubscribes it as pending', async () => {
    const hash = md5('ama.mensah@example.com');
    expect(await provider.subscribe(event('Ama.Mensah@Example.com'))).toEqual({ kind: 'delivered' });
    expect(mock.requests.at(-2)).toMatchObject({
      method: 'PUT',
      path: `/3.0/lists/a1b2c3d4e5/members/${hash}`,
      headers: {
        authorization: `Basic ${Buffer.from(`westbridge:${mock.settings.key}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: {
        email_address: 'Ama.Mensah@Example.com',
        status_if_new: 'subscribed',
        status: 'subscribed',
        language: 'fr',
        timestamp_signup: '2026-11-20T09:58:12Z',
        timestamp_opt: '2026-11-20T10:03:07Z',
      },
    });
    expect(mock.subscribed()).toEqual(['ama.mensah@example.com']);

    expect(await provider.unsubscribe('ama.mensah@example.com')).toEqual({ kind: 'delivered' });
    expect(last()).toMatchObject({
      method: 'PATCH',
      path: `/3.0/lists/a1b2c3d4e5/members/${hash}`,
      body: { status: 'unsubscribed' },
    });
    expect(mock.contacts.get('ama.mensah@example.com')?.lists.get('a1b2c3d4e5')).toBe('unsubscribed');
    expect(await provider.unsubscribe('never@example.com')).toEqual({ kind: 'delivered' });

    // Mailchimp refuses to subscribe a former member directly: as pending, it asks them itself.
    expect(await provider.subscribe(event('ama.mensah@example.com'))).toEqual({ kind: 'delivered' });
    expect(
      mock.requests.slice(-3).map((request) => [request.method, (request.body as { status?: string }).status]),
    ).toEqual([
      ['PUT', 'subscribed'],
      ['PUT', 'pending'],
      ['POST', undefined],
    ]);
    expect(mock.contacts.get('ama.mensah@example.com')?.lists.get('a1b2c3d4e5')).toBe('pending');
  });

  it('tags the members who gave the separate tracking consent, and untags one who signs up again without it', async () => {
    const hash = md5('kwame@example.com');
    expect(await provider.subscribe({ ...event('kwame@example.com'), trackingConsent: true })).toEqual({
      kind: 'delivered',
    });
    expect(last()).toMatchObject({
      method: 'POST',
      path: `/3.0/lists/a1b2c3d4e5/members/${hash}/tags`,
      body: { tags: [{ name: 'tracking-consent', status: 'active' }] },
    });
    expect([...(mock.contacts.get('kwame@example.com')?.tags ?? [])]).toEqual(['tracking-consent']);
    expect(await provider.subscribe(event('kwame@example.com'))).toEqual({ kind: 'delivered' });
    expect([...(mock.contacts.get('kwame@example.com')?.tags ?? [])]).toEqual([]);
  });

  it('gives up an address Mailchimp refuses, with its problem title', async () => {
    expect(await provider.subscribe(event('invalid@example.com'))).toEqual({
      kind: 'rejected',
      reason: 'HTTP 400: Invalid Resource – Please provide a valid email address.',
    });
  });
});

describe('listmonk', () => {
  let provider: NewsletterProvider;
  beforeEach(async () => {
    provider = await start('listmonk');
  });

  it('creates the subscriber pre-confirmed, adds an existing one to the list, and unsubscribes it from the list', async () => {
    const auth = { authorization: `token ${mock.settings.key}` };
    expect(await provider.subscribe(event('yaw+news@example.com'))).toEqual({ kind: 'delivered' });
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/api/subscribers',
      headers: { ...auth, 'content-type': 'application/json' },
      body: {
        email: 'yaw+news@example.com',
        status: 'enabled',
        lists: [3],
        preconfirm_subscriptions: true,
        attribs: {
          opt_in: {
            confirmed_at: '2026-11-20T10:03:07.891Z',
            signed_up_at: '2026-11-20T09:58:12.345Z',
            source: 'popup',
            language: 'fr',
            consent_text_version: '2026-11-22',
          },
        },
      },
    });
    expect(mock.subscribed()).toEqual(['yaw+news@example.com']);
    // A look-alike address must not be taken for it.
    await provider.subscribe(event('yawxnews@example.com'));

    expect(await provider.unsubscribe('yaw+news@example.com')).toEqual({ kind: 'delivered' });
    const [lookup, change] = mock.requests.slice(-2);
    expect(lookup).toMatchObject({ method: 'GET', headers: auth });
    expect(new URL(lookup?.path ?? '', 'http://x').searchParams.get('search')).toBe('^yaw\\+news\\@example\\.com$');
    expect(change).toMatchObject({
      method: 'PUT',
      path: '/api/subscribers/lists',
      headers: auth,
      body: { ids: [1], action: 'unsubscribe', target_list_ids: [3] },
    });
    expect(mock.subscribed()).toEqual(['yawxnews@example.com']);

    expect(await provider.subscribe(event('yaw+news@example.com'))).toEqual({ kind: 'delivered' });
    expect(mock.requests.slice(-3).map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual([
      'POST /api/subscribers',
      'GET /api/subscribers',
      'PUT /api/subscribers/lists',
    ]);
    expect(last()?.body).toEqual({ ids: [1], action: 'add', target_list_ids: [3], status: 'confirmed' });
    expect(mock.subscribed()).toEqual(['yaw+news@example.com', 'yawxnews@example.com']);
    expect(await provider.unsubscribe('nobody@example.com')).toEqual({ kind: 'delivered' });
  });

  it('gives up an address listmonk refuses', async () => {
    expect(await provider.subscribe(event('invalid@example.com'))).toEqual({
      kind: 'rejected',
      reason: 'HTTP 400: Invalid email.',
    });
  });
});

describe.each(['brevo', 'mailchimp', 'listmonk'] as const)('%s failures', (name) => {
  it('waits, and names the setting to fix, when the key is refused, without repeating the key', async () => {
    const wrongKey = name === 'listmonk' ? 'website:WrongToken12345' : 'wrongkey0123456789abcdef-us21';
    const provider = await start(name, wrongKey);
    const outcome = await provider.subscribe(event('efua@example.com'));
    expect(outcome).toMatchObject({ kind: 'retry', misconfigured: expect.stringContaining('refused the API key') });
    expect(JSON.stringify(outcome)).not.toContain(wrongKey);
    expect(await provider.unsubscribe('efua@example.com')).toMatchObject({
      kind: 'retry',
      misconfigured: expect.stringContaining('NEWSLETTER_PROVIDER_KEY'),
    });
  });

  it('retries after 429 when Retry-After says, after 5xx, and when unreachable', async () => {
    const provider = await start(name);
    mock.answerNext({ status: 429, headers: { 'retry-after': '7' }, body: { message: 'Too many requests' } });
    expect(await provider.subscribe(event('efua@example.com'))).toMatchObject({ kind: 'retry', retryAfterMs: 7_000 });
    mock.answerNext({ status: 503, body: { message: 'Service Unavailable' } });
    expect(await provider.unsubscribe('efua@example.com')).toEqual({
      kind: 'retry',
      reason: 'HTTP 503: Service Unavailable',
      retryAfterMs: undefined,
    });
    expect(mock.subscribed()).toEqual([]);
    expect(await provider.subscribe(event('efua@example.com'))).toEqual({ kind: 'delivered' });
    await mock.stop();
    expect(await provider.subscribe(event('efua@example.com'))).toEqual({
      kind: 'retry',
      reason: expect.stringMatching(/^unreachable: (ECONNREFUSED|UND_ERR_SOCKET|ECONNRESET)$/),
    });
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-20T10:00:00Z');
  it('reads seconds or an HTTP date, else Brevo’s rate-limit reset', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '120' }), now)).toBe(120_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Fri, 20 Nov 2026 10:00:45 GMT' }), now)).toBe(45_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Fri, 20 Nov 2026 09:00:00 GMT' }), now)).toBe(0);
    expect(retryAfterMs(new Headers({ 'x-sib-ratelimit-reset': '30' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
  });
});

describe('per-person tracking', () => {
  it("is offered only with a provider whose sync hands each subscriber's choice to it", () => {
    for (const [name, recipient] of Object.entries(newsletterRecipients))
      expect(recipient.tracking.includes('individual'), name).toBe(recipient.trackingConsent !== null);
  });
});
