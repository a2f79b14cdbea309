import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/test-server';

let server: TestServer;
let port: number;

beforeEach(async () => {
  server = await startTestServer({ formRateLimit: 100 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterEach(async () => {
  await server.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits what arrived on one connection into its HTTP/1.1 responses (bodies with Content-Length). */
function parseResponses(raw: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1')) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, headerEnd).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = headerEnd + 4;
    responses.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: rest.slice(bodyStart, bodyStart + length),
    });
    rest = rest.slice(bodyStart + length);
  }
  return responses;
}

const collect = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful shutdown', () => {
  it('finishes the request in flight, answers 503 to the next one on the connection, then refuses connections', async () => {
    const body = JSON.stringify({
      name: 'Ama Owusu',
      email: 'ama@example.com',
      message: 'Bitte um ein Angebot für Sesam.',
    });
    const socket = connect(port, '127.0.0.1');
    const received = collect(socket);
    await new Promise((resolve) => socket.once('connect', resolve));
    // The request is in flight: headers and half the body have arrived when the shutdown begins.
    socket.write(
      `POST /send-contact.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    socket.write(body.slice(0, 20));
    await pause(200);
    const closed = server.app.close();
    await pause(200);
    // The rest of the body, and a second request pipelined behind it.
    socket.write(`${body.slice(20)}GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n`);

    const [first, second, ...more] = parseResponses(await received);
    await closed;
    expect(first?.status).toBe(200);
    expect(JSON.parse(first?.body ?? '')).toEqual({ success: true });
    expect(second?.status).toBe(503);
    expect(JSON.parse(second?.body ?? '')).toEqual({ success: false, error: 'unavailable' });
    expect(second?.headers['connection']).toBe('close');
    expect(second?.headers['x-content-type-options']).toBe('nosniff');
    expect(more).toEqual([]);

    const outbox = await server.database.handle.db.selectFrom('outbox').select('status').execute();
    expect(outbox).toEqual([{ status: 'pending' }]);
    const refused = await new Promise<string>((resolve) => {
      const late = connect(port, '127.0.0.1');
      late.on('connect', () => resolve('connected'));
      late.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
