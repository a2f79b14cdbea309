import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';
import { startTestServer, type TestServer } from '../test/test-server';
import { securityTxt, securityTxtExpires, securityTxtPath } from './security-txt';

const day = 24 * 3600_000;
let server: TestServer;
afterEach(async () => {
  await server?.close();
});

describe('security.txt (RFC 9116)', () => {
  it('names the security contact and the languages from their registries, and expires within a year of the build', () => {
    const builtAt = new Date('2026-11-25T10:00:00Z');
    const text = securityTxt(builtAt);
    const fields = text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(': '));
    expect(Object.fromEntries(fields)).toEqual({
      Contact: `mailto:${company.securityEmail}`,
      Expires: '2027-05-24T10:00:00.000Z',
      'Preferred-Languages': languageCodes.join(', '),
    });
    expect(fields.every((field) => field.length === 2)).toBe(true);
    expect(securityTxtExpires(text)?.getTime()).toBe(builtAt.getTime() + 180 * day);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('is served by Node as the build wrote it, as plain text', async () => {
    server = await startTestServer();
    const answer = await server.app.inject({ method: 'GET', url: securityTxtPath });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.body).toBe(readFileSync(path.join(server.dist.dir, 'client', securityTxtPath), 'utf8'));
    expect(securityTxtExpires(answer.body)?.getTime()).toBeGreaterThan(Date.now() + 170 * day);
  });

  it('makes the server warn at start when the build is so old that it expires within 30 days', async () => {
    server = await startTestServer();
    writeFileSync(path.join(server.dist.dir, 'client', securityTxtPath), securityTxt(new Date(Date.now() - 160 * day)));
    const lines: string[] = [];
    const old = await server.another(
      {},
      { logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } },
    );
    await old.close();
    expect(lines.join('')).toMatch(
      /\/\.well-known\/security\.txt expires on \S+Z: build and deploy again to renew it \(in production: npm run release, then westbridge switch\)\./,
    );
  });
});
