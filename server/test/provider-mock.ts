import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NewsletterProviderName } from '../config';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /v3/contacts. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, or null. */
  body: unknown;
}

export interface MockAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

interface Contact {
  id: number;
  email: string;
  /** List id → the provider's status: 'subscribed', 'unsubscribed', Mailchimp's 'pending', listmonk's 'confirmed'. */
  lists: Map<string, string>;
  attributes: Record<string, unknown>;
  language?: string;
  timestamps?: Record<string, unknown>;
  /** Mailchimp: the member's active tags. */
  tags?: Set<string>;
}

/** The settings the mock expects, as NEWSLETTER_PROVIDER_KEY, _LIST and _URL would give them. */
export const mockSettings = {
  brevo: { key: 'xkeysib-0f1e2d3c4b5a69788796a5b4c3d2e1f0-Zq9Xw8Vu', list: '7', base: '/v3' },
  mailchimp: { key: '0f1e2d3c4b5a69788796a5b4c3d2e1f0-us21', list: 'a1b2c3d4e5', base: '/3.0' },
  listmonk: { key: 'website:Tk2v9QmZx7Lp4Rs8', list: '3', base: '/api' },
} as const;

const json = (response: ServerResponse, { status, headers = {}, body }: MockAnswer) => {
  response.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};

/**
 * A local HTTP server that answers as Brevo's, Mailchimp's or listmonk's API
 * documentation says, keeping the contacts it was given, so tests can check
 * both the requests (method, path, headers, body) and the resulting state.
 * Addresses containing "invalid" are refused as the provider refuses a bad
 * address. `answerNext` queues answers (a 429, a 503) ahead of the normal ones;
 * `stop` and `start` take it down and bring it back on the same port;
 * `delayMs` holds every answer back.
 */
export class ProviderMock {
  readonly requests: RecordedRequest[] = [];
  readonly contacts = new Map<string, Contact>();
  private readonly queued: MockAnswer[] = [];
  private server: Server | null = null;
  private nextId = 1;
  port = 0;
  /** Brevo: the contact attributes the account defines (null: any). */
  brevoAttributes: Set<string> | null = null;
  /** Delay before each answer, to hold a request in flight; a request whose client goes meanwhile changes nothing. */
  delayMs = 0;

  constructor(readonly provider: NewsletterProviderName) {}

  get settings() {
    return mockSettings[this.provider];
  }

  /** The API base as NEWSLETTER_PROVIDER_URL takes it. */
  get url(): string {
    return `http://127.0.0.1:${this.port}${this.settings.base}`;
  }

  /** The addresses subscribed to the list right now. */
  subscribed(): string[] {
    const subscribed = new Set(['subscribed', 'confirmed']);
    return [...this.contacts.values()]
      .filter((contact) => subscribed.has(contact.lists.get(this.settings.list) ?? ''))
      .map((contact) => contact.email)
      .sort();
  }

  answerNext(...answers: MockAnswer[]): void {
    this.queued.push(...answers);
  }

  async start(port = this.port): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = text;
        }
        const recorded: RecordedRequest = {
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body,
        };
        this.requests.push(recorded);
        // A client that is gone before the answer (killed, timed out) left nothing done, as if the request never arrived whole.
        const answer = () => {
          if (request.socket.destroyed) return;
          json(response, this.queued.shift() ?? this.handle(recorded));
        };
        if (this.delayMs > 0) setTimeout(answer, this.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(request: RecordedRequest): MockAnswer {
    const path = request.path.startsWith(this.settings.base) ? request.path.slice(this.settings.base.length) : null;
    if (path === null) return { status: 404, body: { message: 'Not found' } };
    if (this.provider === 'brevo') return this.brevo(request, path);
    if (this.provider === 'mailchimp') return this.mailchimp(request, path);
    return this.listmonk(request, path);
  }

  private contact(email: string): Contact {
    const key = email.toLowerCase();
    let contact = this.contacts.get(key);
    if (!contact) {
      contact = { id: this.nextId++, email: key, lists: new Map(), attributes: {} };
      this.contacts.set(key, contact);
    }
    return contact;
  }

  /** https://developers.brevo.com/reference/create-contact and …/remove-contact-from-list */
  private brevo({ method, headers, body }: RecordedRequest, path: string): MockAnswer {
    if (headers['api-key'] !== this.settings.key)
      return { status: 401, body: { code: 'unauthorized', message: 'Key not found' } };
    const data = (body ?? {}) as {
      email?: string;
      listIds?: unknown[];
      attributes?: Record<string, unknown>;
      emails?: string[];
    };
    if (method === 'POST' && path === '/contacts') {
      if (!data.email || data.email.includes('invalid'))
        return { status: 400, body: { code: 'invalid_parameter', message: 'Invalid email address' } };
      const unknown = Object.keys(data.attributes ?? {}).find(
        (name) => this.brevoAttributes && !this.brevoAttributes.has(name),
      );
      if (unknown)
        return { status: 400, body: { code: 'invalid_parameter', message: `Attribute ${unknown} does not exist` } };
      if ((data.listIds ?? []).some((id) => String(id) !== this.settings.list))
        return { status: 404, body: { code: 'document_not_found', message: 'List ID does not exist' } };
      const existed = this.contacts.has(data.email.toLowerCase());
      const contact = this.contact(data.email);
      for (const id of data.listIds ?? []) contact.lists.set(String(id), 'subscribed');
      Object.assign(contact.attributes, data.attributes);
      return existed ? { status: 204 } : { status: 201, body: { id: contact.id } };
    }
    const remove = /^\/contacts\/lists\/(\d+)\/contacts\/remove$/.exec(path);
    if (method === 'POST' && remove) {
      if (remove[1] !== this.settings.list)
        return { status: 404, body: { code: 'document_not_found', message: 'List ID does not exist' } };
      const success: string[] = [];
      const failure: string[] = [];
      for (const email of data.emails ?? []) {
        const contact = this.contacts.get(email.toLowerCase());
        if (contact?.lists.get(this.settings.list) === 'subscribed') {
          contact.lists.set(this.settings.list, 'unsubscribed');
          success.push(email);
        } else {
          failure.push(email);
        }
      }
      if (success.length === 0)
        return {
          status: 400,
          body: { code: 'invalid_parameter', message: 'Contact already removed from list and/or does not exist' },
        };
      return { status: 201, body: { contacts: { success, failure } } };
    }
    return { status: 404, body: { code: 'not_found', message: 'Not found' } };
  }

  /** https://mailchimp.com/developer/marketing/api/list-members/ (errors as application/problem+json) */
  private mailchimp({ method, headers, body }: RecordedRequest, path: string): MockAnswer {
    const problem = (status: number, title: string, detail: string): MockAnswer => ({
      status,
      headers: { 'content-type': 'application/problem+json' },
      body: {
        type: 'https://mailchimp.com/developer/marketing/docs/errors/',
        title,
        status,
        detail,
        instance: 'e5a4d1c6-0000-0000-0000-000000000000',
      },
    });
    const auth = /^Basic (.+)$/.exec(headers.authorization ?? '')?.[1];
    const password = auth ? Buffer.from(auth, 'base64').toString('utf8').split(':').slice(1).join(':') : '';
    if (password !== this.settings.key)
      return problem(
        401,
        'API Key Invalid',
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      );
    // https://mailchimp.com/developer/marketing/api/list-member-tags/add-or-remove-member-tags/
    const tagsOf = /^\/lists\/([^/]+)\/members\/([0-9a-f]{32})\/tags$/.exec(path);
    if (tagsOf && method === 'POST') {
      const tagged = [...this.contacts.values()].find(
        (contact) => createHash('md5').update(contact.email).digest('hex') === tagsOf[2],
      );
      if (tagsOf[1] !== this.settings.list || !tagged)
        return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      tagged.tags ??= new Set();
      for (const tag of (body as { tags?: { name: string; status: string }[] } | null)?.tags ?? []) {
        if (tag.status === 'active') tagged.tags.add(tag.name);
        else tagged.tags.delete(tag.name);
      }
      return { status: 204 };
    }
    const member = /^\/lists\/([^/]+)\/members\/([0-9a-f]{32})$/.exec(path);
    if (!member || member[1] !== this.settings.list)
      return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    const hash = member[2] ?? '';
    const existing = [...this.contacts.values()].find(
      (contact) => createHash('md5').update(contact.email).digest('hex') === hash,
    );
    const data = (body ?? {}) as {
      email_address?: string;
      status?: string;
      status_if_new?: string;
      language?: string;
      timestamp_signup?: string;
      timestamp_opt?: string;
    };
    if (method === 'PUT') {
      if (!data.email_address || data.email_address.includes('invalid'))
        return problem(400, 'Invalid Resource', 'Please provide a valid email address.');
      if (createHash('md5').update(data.email_address.toLowerCase()).digest('hex') !== hash)
        return problem(400, 'Invalid Resource', 'The email address does not match the subscriber hash.');
      if (existing?.lists.get(this.settings.list) === 'unsubscribed' && data.status === 'subscribed') {
        return problem(
          400,
          'Member In Compliance State',
          `${existing.email} is in a compliance state due to unsubscribe, bounce, or compliance review and cannot be subscribed.`,
        );
      }
      const contact = this.contact(data.email_address);
      contact.lists.set(this.settings.list, (existing ? data.status : data.status_if_new) ?? 'subscribed');
      contact.language = data.language;
      contact.timestamps = { timestamp_signup: data.timestamp_signup, timestamp_opt: data.timestamp_opt };
      return {
        status: 200,
        body: { id: hash, email_address: contact.email, status: contact.lists.get(this.settings.list) },
      };
    }
    if (method === 'PATCH') {
      if (!existing) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      if (data.status) existing.lists.set(this.settings.list, data.status);
      return {
        status: 200,
        body: { id: hash, email_address: existing.email, status: existing.lists.get(this.settings.list) },
      };
    }
    return problem(405, 'Method Not Allowed', 'The requested method and resource are not compatible.');
  }

  /** https://listmonk.app/docs/apis/subscribers/ */
  private listmonk({ method, headers, body }: RecordedRequest, path: string): MockAnswer {
    if (headers.authorization !== `token ${this.settings.key}`)
      return { status: 403, body: { message: 'invalid API credentials' } };
    const data = (body ?? {}) as {
      email?: string;
      lists?: number[];
      attribs?: Record<string, unknown>;
      preconfirm_subscriptions?: boolean;
      ids?: number[];
      action?: string;
      target_list_ids?: number[];
      status?: string;
    };
    const listed = (contact: Contact) => ({
      id: contact.id,
      email: contact.email,
      attribs: contact.attributes,
      lists: [...contact.lists].map(([id, status]) => ({ id: Number(id), subscription_status: status })),
    });
    if (method === 'POST' && path === '/subscribers') {
      if (!data.email || data.email.includes('invalid')) return { status: 400, body: { message: 'Invalid email.' } };
      if (this.contacts.has(data.email.toLowerCase()))
        return { status: 409, body: { message: 'E-mail already exists.' } };
      const contact = this.contact(data.email);
      for (const id of data.lists ?? [])
        contact.lists.set(String(id), data.preconfirm_subscriptions ? 'confirmed' : 'unconfirmed');
      contact.attributes = data.attribs ?? {};
      return { status: 200, body: { data: listed(contact) } };
    }
    if (method === 'GET' && path.startsWith('/subscribers?')) {
      const search = new URLSearchParams(path.slice('/subscribers?'.length)).get('search') ?? '';
      // PostgreSQL's `~*`: the \-escapes the client writes mean the same in a JavaScript pattern without the u flag.
      const pattern = new RegExp(search, 'i');
      const results = [...this.contacts.values()].filter((contact) => pattern.test(contact.email)).map(listed);
      return { status: 200, body: { data: { results, total: results.length, per_page: 20, page: 1 } } };
    }
    if (method === 'PUT' && path === '/subscribers/lists') {
      const contacts = [...this.contacts.values()].filter((contact) => data.ids?.includes(contact.id));
      if (contacts.length === 0 || !data.target_list_ids?.length)
        return { status: 400, body: { message: 'Invalid IDs.' } };
      for (const contact of contacts) {
        for (const id of data.target_list_ids) {
          if (data.action === 'add') contact.lists.set(String(id), data.status ?? 'unconfirmed');
          else if (data.action === 'unsubscribe' && contact.lists.has(String(id)))
            contact.lists.set(String(id), 'unsubscribed');
          else if (data.action === 'remove') contact.lists.delete(String(id));
        }
      }
      return { status: 200, body: { data: true } };
    }
    return { status: 404, body: { message: 'Not found' } };
  }
}
