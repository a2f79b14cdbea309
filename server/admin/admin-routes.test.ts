import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestServer } from '../test/test-server';

/** The editor at /admin/ as an editor's browser and a search engine meet it (docs/editing.md). */
let server: TestServer;
let configured: FastifyInstance;

const settings = {
  backend: 'github',
  repository: 'westbridge/website',
  branch: 'main',
  authUrl: 'https://auth.westbridge.example',
  apiUrl: null,
  appId: null,
} as const;

beforeAll(async () => {
  server = await startTestServer();
  configured = await server.another({ cms: settings });
  await configured.ready();
});

afterAll(async () => {
  await configured?.close();
  await server?.close();
});

const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe('/admin/ without the CMS settings', () => {
  it('says in German that editing is not set up, runs no script and is not indexed', async () => {
    const response = await server.app.inject('/admin/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<html lang="de">');
    expect(response.body).toContain('Die Bearbeitung ist nicht eingerichtet');
    expect(response.body).toContain('CMS_BACKEND');
    expect(response.body).not.toContain('<script');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(directives(response.headers['content-security-policy'])).toMatchObject({ 'default-src': ["'none'"] });
    expect(directives(response.headers['content-security-policy'])['script-src']).toBeUndefined();
  });

  it('leads /admin to /admin/', async () => {
    const response = await server.app.inject('/admin');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/admin/');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});

describe('/admin/ with the CMS settings', () => {
  it('loads the built editor with the settings, and no secret', async () => {
    const response = await configured.inject('/admin/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<script type="module" src="/admin/assets/main-Ef56Gh78.js"></script>');
    expect(response.body).toContain('<link rel="stylesheet" href="/admin/assets/main-Ij90Kl12.css">');
    const json = /<script type="application\/json" id="cms-settings">(.*?)<\/script>/.exec(response.body)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual(settings);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('has a policy of its own: scripts only its own, connections to the Git host, and no eval', async () => {
    const response = await configured.inject('/admin/');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'blob:', 'https://api.github.com']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-eval');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    // The Git host's sign-in window reports back to the page that opened it.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('leaves the public pages’ policy as strict as it is', async () => {
    const page = await configured.inject('/about');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('api.github.com');
    expect(page.headers['x-robots-tag']).toBeUndefined();
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('serves the editor’s files, cached for good, not indexed', async () => {
    const response = await configured.inject('/admin/assets/main-Ef56Gh78.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('CMS.init();');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('is not in the sitemap', async () => {
    const sitemap = await configured.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain('/admin');
  });
});
