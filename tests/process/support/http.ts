import http from 'node:http';
import https from 'node:https';
import { connect } from 'node:net';

export interface Outcome {
  /** Absent when no answer came: then `error` holds the socket error code. */
  status?: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  raw: Buffer;
  error?: string;
  /** Milliseconds from sending to the end of the answer (or the error). */
  ms: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** For https: one that trusts the test's certificate (and sends each request on a new connection). */
  agent?: https.Agent;
}

/**
 * One HTTP request on a new connection (as a proxy without upstream
 * keep-alive sends it), never throwing: failures come back as `error`.
 */
export function request(
  url: string,
  { method = 'GET', headers = {}, body, agent }: RequestOptions = {},
): Promise<Outcome> {
  const started = performance.now();
  const failure = (error: NodeJS.ErrnoException): Outcome => ({
    headers: {},
    body: '',
    raw: Buffer.alloc(0),
    error: error.code ?? error.message,
    ms: performance.now() - started,
  });
  return new Promise((resolve) => {
    const send = url.startsWith('https:') ? https.request : http.request;
    const req = send(url, { method, headers, agent: agent ?? false, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: raw.toString('utf8'),
          raw,
          ms: performance.now() - started,
        });
      });
      res.on('error', (error: NodeJS.ErrnoException) => resolve(failure(error)));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(failure(error)));
    req.end(body);
  });
}

let counter = 0;

/** A unique subject, found again in the delivered mail's subject. */
export const newMarker = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

/** Sends one contact message whose subject is `marker`. */
export function postContact(
  baseUrl: string,
  marker: string,
  headers: Record<string, string> = {},
  agent?: https.Agent,
): Promise<Outcome> {
  return request(`${baseUrl}/send-contact.php`, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      name: 'Efua Asante',
      email: 'efua@example.com',
      subject: marker,
      message: `Anfrage ${marker}: 12 t Cashewkerne, Lieferung nach Hamburg.`,
    }),
  });
}

/** The marker in a contact notification's subject ("Kontaktanfrage: <marker> – <name>"). */
export const markerOf = (subject: string | undefined) => /^Kontaktanfrage: (\S+) –/.exec(subject ?? '')?.[1];

/** Runs `task` for each item with at most `concurrency` at once, keeping the order of results. */
export async function inParallel<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** The p-th percentile (0–100) of the values, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/**
 * A contact POST that is surely in flight at the server: it announces its
 * body with `Expect: 100-continue` and holds it back until the server has
 * read the headers and asked for it; `finish` sends the body and reads the answer.
 */
export async function startSlowContact(
  port: number,
  marker: string,
): Promise<{ finish(): Promise<{ status: number; body: string }> }> {
  const body = JSON.stringify({
    name: 'Kojo Mensah',
    email: 'kojo@example.com',
    subject: marker,
    message: `Langsame Anfrage ${marker}.`,
  });
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let onData = () => {};
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    onData();
  });
  const ended = new Promise<string | null>((resolve) => {
    socket.on('end', () => resolve(null));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
  await new Promise((resolve) => socket.once('connect', resolve));
  const continued = new Promise<void>((resolve) => (onData = () => received.includes('\r\n\r\n') && resolve()));
  socket.write(
    `POST /send-contact.php HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nExpect: 100-continue\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  await Promise.race([continued, ended]);
  if (!received.startsWith('HTTP/1.1 100')) throw new Error(`Expected 100 Continue, got: ${received || 'nothing'}`);
  received = '';
  return {
    async finish() {
      socket.write(body);
      const error = await ended;
      if (error) throw new Error(`The request in flight failed: ${error}`);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]);
      return { status, body: received.slice(received.indexOf('\r\n\r\n') + 4) };
    },
  };
}
