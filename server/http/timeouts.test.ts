import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRequest } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let baseUrl: string;
let port: number;

beforeAll(async () => {
  // The production deadlines (10 s for headers, 15 s for the whole request) scaled down.
  server = await startTestServer({}, { timeouts: { headersMs: 300, requestMs: 600 } });
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(baseUrl).port);
});

afterAll(() => server.close());

interface Trickle {
  /** Whether the server closed the connection before the client ran out of things to send. */
  droppedByServer: boolean;
  /** Whatever the server wrote before closing. */
  answer: string;
}

/**
 * Opens a raw connection, writes `start`, then one more piece every 100 ms
 * (at most `pieces` of them, 100 ms apart, far beyond the deadlines) until the server hangs up.
 */
async function trickle(start: string, piece: string | null, pieces = 100): Promise<Trickle> {
  const socket: Socket = connect(port, '127.0.0.1');
  let answer = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  socket.on('error', () => {});
  const done = new Promise<void>((resolve) =>
    socket.on('close', () => {
      closed = true;
      resolve();
    }),
  );
  if (start) socket.write(start);
  for (let sent = 0; sent < pieces && !closed; sent += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!closed && piece !== null) socket.write(piece);
  }
  const droppedByServer = closed;
  socket.destroy();
  await done;
  return { droppedByServer, answer };
}

const expectTimeoutAnswer = (answer: string) => {
  const [head = '', body] = answer.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(head).toContain("\r\ncontent-security-policy: default-src 'none';");
  expect(head).toContain('\r\nx-content-type-options: nosniff\r\n');
  expect(head).toContain('\r\nstrict-transport-security: max-age=31536000; includeSubDomains\r\n');
  expect(head).toContain('\r\nconnection: close');
  expect(JSON.parse(body ?? '')).toEqual({ success: false, error: 'request_timeout' });
};

describe('slow clients are dropped', () => {
  it('one that sends its headers slowly', async () => {
    const result = await trickle('GET /about HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n');
    expect(result.droppedByServer).toBe(true);
    expectTimeoutAnswer(result.answer);
  });

  it('one that sends its body slowly', async () => {
    const result = await trickle(
      'POST /send-contact.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"message":"',
      'x',
    );
    expect(result.droppedByServer).toBe(true);
    expectTimeoutAnswer(result.answer);
  });

  it('one that connects and says nothing', async () => {
    const result = await trickle('', null);
    expect(result.droppedByServer).toBe(true);
  });

  it('while everyone else is served', async () => {
    const slow = trickle('GET /about HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n');
    const health = await sendRequest(baseUrl, { path: '/healthz' });
    expect(health.status).toBe(200);
    expect((await slow).droppedByServer).toBe(true);
    expect((await sendRequest(baseUrl, { path: '/about' })).status).toBe(200);
  });
});

describe('the server as started', () => {
  it('has non-zero header, request and idle deadlines', async () => {
    const started = await server.another();
    try {
      expect(started.server.headersTimeout).toBe(10_000);
      expect(started.server.requestTimeout).toBe(15_000);
      expect(started.server.timeout).toBe(15_000);
      expect(started.server.keepAliveTimeout).toBe(5_000);
    } finally {
      await started.close();
    }
  });
});
