import { request as httpRequest, type Agent, type IncomingHttpHeaders } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  agent?: Agent;
}

/** One request over a real socket, answered as the client sees it (no decompression, no retries). */
export function sendRequest(
  baseUrl: string,
  { method = 'GET', path, headers = {}, body, agent }: HttpRequest,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, baseUrl), { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
