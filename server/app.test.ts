import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { pageDate } from '../common/page-dates';
import { defaultLanguage, isLanguage, languageCodes } from '../common/languages';
import { analyticsScriptPlaceholder, siteUrlPlaceholder } from '../common/page-placeholders';
import { localizedPath } from '../common/page-urls';
import { fixtureJobId } from './test/dist-fixture';
import { startTestServer, type TestServer } from './test/test-server';

/** The CSP hash of the fixture pages' one inline script, `boot()`. */
const bootHash = `sha256-${createHash('sha256').update('boot()').digest('base64')}`;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

const [other = 'en', third = 'fr'] = languageCodes.filter((lng) => lng !== defaultLanguage);
/** Languages a browser may prefer that the site does not speak. */
const unspoken = ['nl', 'it', 'pl', 'sv', 'cs'].filter((tag) => !isLanguage(tag)).slice(0, 2);
const at = localizedPath;

describe("pages at their language's address", () => {
  it('serves every page in the language of its address, the same for every visitor', async () => {
    for (const lng of languageCodes) {
      const response = await get(at('/about', lng), { cookie: `i18next=${third}`, 'accept-language': other });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-language']).toBe(lng);
      expect(response.body).toContain(`<h1>about ${lng}</h1>`);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('chooses at the root by cookie, then Accept-Language, then German, without storing anything', async () => {
    const german = await get('/', { 'accept-language': unspoken.join(', ') });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain(`home ${defaultLanguage}`);
    expect(german.headers.vary).toBe('Accept-Language, Cookie, Sec-Fetch-Site, Referer, Accept-Encoding');
    expect(german.headers['cache-control']).toBe('private, no-cache');
    const byBrowser = await get('/', { 'accept-language': `${other}-US, ${defaultLanguage};q=0.5` });
    expect(byBrowser.statusCode).toBe(302);
    expect(byBrowser.headers.location).toBe(at('/', other));
    expect(byBrowser.headers.vary).toBe('Accept-Language, Cookie, Sec-Fetch-Site, Referer, Accept-Encoding');
    expect(byBrowser.headers['cache-control']).toBe('private, no-cache');
    const byCookie = await get('/?utm_source=x', { cookie: `i18next=${third}`, 'accept-language': other });
    expect(byCookie.headers.location).toBe(`${at('/', third)}?utm_source=x`);
    for (const response of [german, byBrowser, byCookie]) expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('keeps a visitor who follows a link of the site to the root in German, whatever the browser and cookie say', async () => {
    const elsewhere = { cookie: `i18next=${other}`, 'accept-language': other };
    const sameSite = await get('/', { ...elsewhere, 'sec-fetch-site': 'same-origin' });
    expect(sameSite.statusCode).toBe(200);
    expect(sameSite.body).toContain(`home ${defaultLanguage}`);
    expect(sameSite.headers['cache-control']).toBe('private, no-cache');
    // A browser that sends no Sec-Fetch-Site: its Referer on this host says the same.
    const byReferer = await get('/', { ...elsewhere, host: 'localhost:80', referer: 'http://localhost:80/about' });
    expect(byReferer.statusCode).toBe(200);
    // From elsewhere, typed or from a bookmark: the root chooses.
    const fromElsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://search.example/?q=westbridge' },
    ];
    for (const headers of fromElsewhere) {
      const response = await get('/', { ...elsewhere, ...headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(302);
      expect(response.headers.location).toBe(at('/', other));
    }
  });

  it("takes ?lng= at the root as the visitor's choice: German served, other languages sent to their home", async () => {
    const german = await get(`/?lng=${defaultLanguage}`, { cookie: `i18next=${other}`, 'accept-language': other });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain(`home ${defaultLanguage}`);
    const chosen = await get(`/?lng=${other}&a=1`, { 'accept-language': defaultLanguage });
    expect(chosen.statusCode).toBe(301);
    expect(chosen.headers.location).toBe(`${at('/', other)}?a=1`);
    expect((await get('/?lng=xx&a=1')).headers.location).toBe('/?a=1');
  });

  it("answers an old ?lng= address with 301 to the page at its language's path, other parameters kept", async () => {
    const cases: [string, string][] = [
      [`/about?lng=${other}`, at('/about', other)],
      [`/jobs?lng=${third}&job=${fixtureJobId}`, `${at('/jobs', third)}?job=${fixtureJobId}`],
      [`${at('/about', other)}?lng=${defaultLanguage}`, '/about'],
      ['/about?lng=xx', '/about'],
      [`/about?lng[]=${other}&x=1`, '/about?x=1'],
      [`/newsletter/confirm?lng=${other}&token=abc`, `${at('/newsletter/confirm', other)}?token=abc`],
    ];
    for (const [url, location] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(location);
    }
  });

  it('answers a misspelt address of a page with 301 to its one right address', async () => {
    const cases: [string, string][] = [
      [`${at('/about', other)}/`, at('/about', other)],
      [`${at('/', other)}/`, at('/', other)],
      [at('/about', other).toUpperCase(), at('/about', other)],
      [`/${other}//about`, at('/about', other)],
      [`/${defaultLanguage}/about`, '/about'],
      [`/${defaultLanguage}`, `/?lng=${defaultLanguage}`],
      [`/%${other.charCodeAt(0).toString(16)}${other.slice(1)}/about`, at('/about', other)],
      ['/about/', '/about'],
    ];
    for (const [url, location] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(location);
    }
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
      '<html lang="de" data-site-url="https://www.westbridge.example" data-analytics-provider="none" data-newsletter-provider="none" data-newsletter-tracking="off" data-jobs-source="built-in" data-consent-services=""><head>',
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
});

describe('page variants', () => {
  it('serves the prerendered job detail for ?job=', async () => {
    expect((await get(`${at('/jobs', other)}?job=${fixtureJobId}`)).body).toContain(`${fixtureJobId} ${other}`);
  });

  it('answers 404 for a job that never existed', async () => {
    const response = await get('/jobs?job=job-999');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('not found de');
  });
});

describe('unknown paths', () => {
  it('answer 404 with the page-not-found screen in the language of their prefix', async () => {
    const cases: [string, string][] = [
      ['/no/such/page', defaultLanguage],
      [`/${other}/no/such/page`, other],
      [`/${third.toUpperCase()}/nowhere`, third],
      [`/${other}/${'x'.repeat(8 * 1024)}`, other],
    ];
    for (const [url, lng] of cases) {
      const response = await get(url, { 'accept-language': other === lng ? third : other });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-language']).toBe(lng);
      expect(response.body).toContain(`not found ${lng}`);
    }
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
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(`about ${defaultLanguage}`);
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
    expect(body).toContain(`<loc>https://www.westbridge.example${at('/about', third)}</loc>`);
    expect(body).toContain(`<loc>https://www.westbridge.example${at('/jobs', other)}?job=${fixtureJobId}</loc>`);
    expect(body).toContain('hreflang="x-default" href="https://www.westbridge.example/"');
    expect(body).not.toContain('lng=');
    // The fixture's indexable pages: home, about, the jobs list and one job.
    expect(body.match(/<url>/g)).toHaveLength(4 * languageCodes.length);
  });

  it('says when each page last changed, in each language, as common/page-dates.json records it', async () => {
    const body = (await get('/sitemap.xml')).body;
    const urls = [...body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, url = '']) => url);
    expect(urls.filter((url) => !/<lastmod>\d{4}-\d{2}-\d{2}/.test(url))).toEqual([]);
    for (const lng of languageCodes) {
      const about = urls.find((url) => url.includes(`<loc>https://www.westbridge.example${at('/about', lng)}</loc>`));
      expect(about).toContain(`<lastmod>${pageDate('about', lng)}</lastmod>`);
    }
  });
});

describe('GET /healthz', () => {
  it('is 200 while the database answers', async () => {
    const response = await get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });
});
