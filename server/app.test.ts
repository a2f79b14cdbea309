import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { analyticsScriptPlaceholder, siteUrlPlaceholder } from '../common/page-placeholders';
import { startTestServer, type TestServer } from './test/test-server';

/** The CSP hash of the fixture pages' one inline script, `boot()`. */
const bootHash = `sha256-${createHash('sha256').update('boot()').digest('base64')}`;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('page language negotiation', () => {
  it('serves German by default', async () => {
    const response = await get('/about');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe('de');
    expect(response.body).toContain('<h1>about de</h1>');
  });

  it('prefers ?lng= over the cookie over Accept-Language', async () => {
    expect((await get('/about?lng=fr', { cookie: 'i18next=en', 'accept-language': 'de' })).body).toContain('about fr');
    expect((await get('/about', { cookie: 'i18next=en', 'accept-language': 'fr' })).body).toContain('about en');
    expect((await get('/about', { 'accept-language': 'fr-CH, en;q=0.8' })).body).toContain('about fr');
    expect((await get('/about', { 'accept-language': 'nl, it' })).body).toContain('about de');
  });

  it('ignores an unknown ?lng= and falls through to the next source', async () => {
    expect((await get('/about?lng=xx', { 'accept-language': 'en' })).body).toContain('about en');
    expect((await get('/about?lng=xx')).headers['set-cookie']).toBeUndefined();
  });

  it('keeps a language chosen with ?lng= in the i18next cookie, so plain links keep it without scripts', async () => {
    const chosen = await get('/about?lng=fr', { cookie: 'i18next=en' });
    // https SITE_URL: the cookie is Secure.
    expect(chosen.headers['set-cookie']).toBe(`i18next=fr;path=/;max-age=31536000;samesite=lax;secure`);
    expect((await get('/about', { cookie: 'i18next=fr' })).body).toContain('about fr');
    expect((await get('/about?lng=fr', { cookie: 'i18next=fr' })).headers['set-cookie']).toBeUndefined();
    expect((await get('/about')).headers['set-cookie']).toBeUndefined();
  });

  it('announces what the answer varies by and how to cache it', async () => {
    const response = await get('/about');
    expect(response.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('fills in SITE_URL where the prerenderer left its placeholder', async () => {
    const body = (await get('/about')).body;
    expect(body).toContain('data-site-url="https://www.westbridge.example"');
    expect(body).toContain('<link rel="canonical" href="https://www.westbridge.example/about">');
    expect(body).not.toContain(siteUrlPlaceholder);
  });

  it('leaves the analytics attribute out when ANALYTICS_SCRIPT_URL is unset', async () => {
    const response = await get('/about');
    expect(response.body).toContain(
      '<html lang="de" data-site-url="https://www.westbridge.example" data-analytics-provider="none" data-newsletter-provider="none" data-newsletter-tracking="off" data-consent-services=""><head>',
    );
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' '${bootHash}';`);
  });

  it('gives the browser ANALYTICS_SCRIPT_URL with its integrity and allows its origin in the CSP', async () => {
    const analyticsScriptUrl = 'https://stats.westbridge.example/js/script.js?site=1&mode="x"';
    const integrity = `sha384-${createHash('sha384').update('track()').digest('base64')}`;
    const withAnalytics = await server.another({
      analytics: { provider: 'plausible', scriptUrl: new URL(analyticsScriptUrl).href, integrity },
    });
    try {
      const response = await withAnalytics.inject({ method: 'GET', url: '/about' });
      expect(response.body).toContain(
        `data-analytics-src="https://stats.westbridge.example/js/script.js?site=1&amp;mode=%22x%22" data-analytics-integrity="${integrity}" data-analytics-provider="plausible"`,
      );
      expect(response.body).not.toContain(analyticsScriptPlaceholder);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' '${bootHash}' https://stats.westbridge.example;`);
      expect(csp).toContain("connect-src 'self' https://stats.westbridge.example;");
      expect(csp).toContain("img-src 'self' data:;");
    } finally {
      await withAnalytics.close();
    }
  });

  it('allows in the CSP what Google Analytics needs, as Google documents it', async () => {
    const withGoogle = await server.another({
      analytics: {
        provider: 'google',
        scriptUrl: 'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
        integrity: null,
      },
    });
    try {
      const csp = String(
        (await withGoogle.inject({ method: 'GET', url: '/about' })).headers['content-security-policy'],
      );
      expect(csp).toContain(
        `script-src 'self' '${bootHash}' https://www.googletagmanager.com https://*.googletagmanager.com;`,
      );
      expect(csp).toContain("img-src 'self' data: https://*.google-analytics.com https://*.googletagmanager.com;");
      expect(csp).toContain(
        "connect-src 'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com;",
      );
    } finally {
      await withGoogle.close();
    }
  });

  it('serves the same page with a trailing slash', async () => {
    expect((await get('/about/')).body).toContain('about de');
  });
});

describe('page variants', () => {
  it('serves the prerendered job detail for ?job=', async () => {
    expect((await get('/jobs?job=job-001&lng=en')).body).toContain('job-001 en');
  });

  it('falls back to the list for an unknown job', async () => {
    expect((await get('/jobs?job=job-999')).body).toContain('jobs de');
  });
});

describe('unknown paths', () => {
  it('answer 404 with the page-not-found screen in the negotiated language', async () => {
    const response = await get('/no/such/page', { 'accept-language': 'fr' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('not found fr');
  });

  it('answer JSON for API paths and other methods', async () => {
    const api = await get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, error: 'not_found' });
    const post = await server.app.inject({ method: 'POST', url: '/about', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ success: false, error: 'not_found' });
  });
});

describe('compression and caching', () => {
  it('sends pages brotli- or gzip-compressed when accepted', async () => {
    // Brotli is computed in the background after start; gzip is served until then.
    const br = await vi.waitFor(async () => {
      const response = await get('/about', { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.headers['content-encoding']).toBe('br');
      return response;
    });
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('about de');
    const gzip = await get('/about', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const none = await get('/about', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/about');
    const etag = String(first.headers.etag);
    const second = await get('/about', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it.each(['/about', '/assets/app-Ab12Cd34.js'])(
    'gives each encoding of %s its own ETag, and answers 304 only to that one',
    async (url) => {
      const etags: Record<string, string> = {};
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await vi.waitFor(async () => {
          const answer = await get(url, { 'accept-encoding': encoding });
          expect(answer.headers['content-encoding'] ?? 'identity').toBe(encoding);
          return answer;
        });
        etags[encoding] = String(response.headers.etag);
        const again = await get(url, { 'accept-encoding': encoding, 'if-none-match': etags[encoding] });
        expect(again.statusCode).toBe(304);
        expect(again.headers.etag).toBe(etags[encoding]);
      }
      expect(new Set(Object.values(etags)).size).toBe(3);
      const other = await get(url, { 'accept-encoding': 'br', 'if-none-match': `${etags.gzip}, ${etags.identity}` });
      expect(other.statusCode).toBe(200);
      expect(other.headers['content-encoding']).toBe('br');
    },
  );

  it('serves the .br and .gz files only by content negotiation, not at their own addresses', async () => {
    for (const url of ['/assets/app-Ab12Cd34.js.br', '/assets/app-Ab12Cd34.js.gz']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('not found de');
    }
  });

  it('serves hashed assets precompressed and cached for a year', async () => {
    const response = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-encoding');
  });
});

describe('robots and sitemap', () => {
  it('points robots.txt at the sitemap on SITE_URL', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Sitemap: https://www.westbridge.example/sitemap.xml');
  });

  it('lists every indexable page and variant in every language, with alternates', async () => {
    const body = (await get('/sitemap.xml')).body;
    expect(body).toContain('<loc>https://www.westbridge.example/about?lng=fr</loc>');
    expect(body).toContain('<loc>https://www.westbridge.example/jobs?job=job-001&amp;lng=en</loc>');
    expect(body).toContain('hreflang="x-default" href="https://www.westbridge.example/"');
    expect(body.match(/<url>/g)).toHaveLength(4 * 3);
  });
});

describe('GET /healthz', () => {
  it('is 200 while the database answers', async () => {
    const response = await get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });
});
