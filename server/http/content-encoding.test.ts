import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { addBrotli, encodeBody, preferredEncoding } from './content-encoding';

describe('encodeBody', () => {
  it('has gzip at once and brotli once added', async () => {
    const text = '<p>Kakao, Sesam, Cashew – für Europa.</p>'.repeat(50);
    const body = encodeBody(text);
    expect(gunzipSync(body.gzip).toString()).toBe(text);
    expect(body.br).toBeNull();
    await addBrotli(body);
    expect(brotliDecompressSync(body.br ?? Buffer.alloc(0)).toString()).toBe(text);
  });

  it("makes a body's brotli once, however many ask for it", async () => {
    const body = encodeBody('<p>Maschinen aus Deutschland.</p>'.repeat(50));
    const first = addBrotli(body);
    expect(addBrotli(body)).toBe(first);
    expect(await addBrotli(body)).toBe(await first);
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and falls back to gzip while brotli is not ready', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, deflate, br', { brotli: false })).toBe('gzip');
    expect(preferredEncoding('br', { brotli: false })).toBe('identity');
    expect(preferredEncoding('gzip;q=0, br;q=1')).toBe('br');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});
