import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, type IncomingHttpHeaders } from 'node:http2';
import { connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Agent } from 'node:https';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { localizedPath } from '../../common/page-urls';
import { errorCode } from '../../server/http/error-handler';
import { contentSecurityPolicy } from '../../server/http/security-headers';
import type { PageManifest } from '../../server/documents/page-manifest';
import { freePort } from '../../server/test/free-port';
import { PersonioStandIn, type StandInPosition } from '../../server/test/personio-stand-in';
import { gradeWithObservatory } from '../../server/test/observatory';
import { markerOf, newMarker, postContact, request, type Outcome, type RequestOptions } from './support/http';
import {
  root,
  startBacking,
  startInstance,
  waitUntil,
  type Backing,
  type Instance,
  type InstanceSettings,
} from './support/instances';
import { waitForMarkers } from './support/mailbox';
import {
  clientDir,
  hostName,
  nginxBinary,
  pageAddresses as pageAddressesOf,
  startNginx,
  type RunningNginx,
} from './support/nginx';

const manifest = JSON.parse(readFileSync(path.join(root, 'dist/pages/manifest.json'), 'utf8')) as PageManifest;

let backing: Backing;
let nginx: RunningNginx;
/** The site over https, as visitors reach it; `tls` sends each request there on a new connection, trusting only the test's certificate. */
let site: string;
let tls: Agent;
/** The same nginx over plain http. */
let plainSite: string;
let instanceSettings: InstanceSettings;
let ports: [number, number];
const instances: Instance[] = [];

beforeAll(async () => {
  backing = await startBacking();
  ports = [await freePort(), await freePort()];
  instanceSettings = {
    databaseUrl: backing.postgres.url,
    smtpUrl: backing.smtp.url,
    formRateLimit: 3,
    trustProxy: '1',
    siteUrl: `https://${hostName}`,
  };
  nginx = await startNginx({ upstreams: ports, siteUrl: `https://${hostName}` });
  ({ site, plainSite, tls } = nginx);
});

afterAll(async () => {
  await nginx?.stop();
  await backing?.stop();
});

/** A hashed script of the build with its .gz beside it. */
const asset = () => {
  const name = readdirSync(path.join(clientDir, 'assets')).find(
    (file) => file.endsWith('.js') && existsSync(path.join(clientDir, 'assets', `${file}.gz`)),
  );
  if (!name) throw new Error('No built script in dist/client/assets');
  return { url: `/assets/${name}`, content: readFileSync(path.join(clientDir, 'assets', name)) };
};

const securityHeaders = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'permissions-policy',
  'strict-transport-security',
  'cache-control',
];
/** A request to the site over https. */
const secure = (url: string, options: RequestOptions = {}) => request(url, { ...options, agent: tls });
const hsts = 'max-age=31536000; includeSubDomains';

const pick = (headers: Record<string, unknown>) =>
  Object.fromEntries(securityHeaders.map((name) => [name, headers[name]]));

/** The security headers of an answer nginx makes itself, with `csp` as its policy. */
const ownAnswerHeaders = (csp: unknown) => ({
  'content-security-policy': csp,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'strict-transport-security': hsts,
});
/** The policy of an answer that is no page (server/http/security-headers.ts), for an https SITE_URL. */
const defaultPolicy = `${contentSecurityPolicy({ https: true })}`;

/** A request with a header line longer than any nginx reads (its large_client_header_buffers: 8 KiB). */
const oversizedHeader = `GET / HTTP/1.1\r\nHost: ${hostName}\r\nCookie: a=${'x'.repeat(10_000)}\r\nConnection: close\r\n\r\n`;

/** Sends `text` as it is (a request no client library would send) and reads the answer. */
function rawRequest(port: number, text: string, withTls = false): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = withTls
      ? tlsConnect({ port, host: '127.0.0.1', servername: hostName, ca: nginx.certificate })
      : netConnect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on(withTls ? 'secureConnect' : 'connect', () => socket.write(text));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, raw: Buffer.from(body), ms: 0 });
    });
  });
}

const pageAddresses = pageAddressesOf(manifest);
const [other = 'en'] = languageCodes.filter((lng) => lng !== defaultLanguage);

/** The headers an answer of the site must carry alike, whoever sends it (ETag and Last-Modified are each server's own). */
const sharedHeaders = [...securityHeaders, 'content-type', 'content-language', 'vary'];
const pickShared = (headers: Record<string, unknown>) =>
  Object.fromEntries(sharedHeaders.map((name) => [name, headers[name]]));

describe('nginx in front of two instances (deploy/nginx/westbridge.conf)', () => {
  it('is a configuration nginx -t accepts', () => {
    const check = spawnSync(nginxBinary, ['-t', ...nginx.arguments], { encoding: 'utf8' });
    expect(check.stderr).toContain('syntax is ok');
    expect(check.stderr).toContain('test is successful');
    expect(check.status).toBe(0);
  });

  it('sends every plain-http request to the same address over https, at SITE_URL’s host whatever Host it names', async () => {
    for (const method of ['GET', 'POST']) {
      for (const host of [hostName, 'evil.example', `${hostName}.evil.example`]) {
        const address = `${localizedPath('/about', other)}?x=1`;
        const answer = await request(`${plainSite}${address}`, { method, headers: { host } });
        expect(answer.status, method).toBe(301);
        expect(answer.headers.location).toBe(`https://${hostName}${address}`);
        expect(pick(answer.headers)).toEqual({ ...ownAnswerHeaders(defaultPolicy), 'cache-control': undefined });
      }
    }
  });

  it('answers its own refusals with the security headers: 400, 404, 405, 414, 431, over https and plain http', async () => {
    const { url } = asset();
    const answers = {
      '400 (no Host)': await rawRequest(nginx.httpsPort, 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n', true),
      '404 (/metrics)': await secure(`${site}/metrics`),
      '405 (POST to a file)': await secure(`${site}${url}`, { method: 'POST', body: 'x' }),
      '414 (a path too long)': await secure(`${site}/${'a'.repeat(10_000)}`),
      // A header line over nginx's large_client_header_buffers (its 494): refused as an instance refuses one.
      '431 (a header too large)': await rawRequest(nginx.httpsPort, oversizedHeader, true),
      '400 (plain http to the https port)': await rawRequest(
        nginx.httpsPort,
        `GET / HTTP/1.1\r\nHost: ${hostName}\r\n\r\n`,
      ),
      '400 (an unknown transfer coding)': await rawRequest(
        nginx.httpsPort,
        `POST /send-contact.php HTTP/1.1\r\nHost: ${hostName}\r\nTransfer-Encoding: foo\r\nConnection: close\r\n\r\n`,
        true,
      ),
      '400 (an HTTP version it does not speak)': await rawRequest(
        nginx.httpsPort,
        `GET / HTTP/2.5\r\nHost: ${hostName}\r\nConnection: close\r\n\r\n`,
        true,
      ),
    };
    for (const [what, answer] of Object.entries(answers)) {
      const status = Number(what.slice(0, 3));
      expect(answer.status, what).toBe(status);
      const notFound = answer.status === 404;
      expect(pick(answer.headers), what).toEqual({
        ...ownAnswerHeaders(notFound ? expect.stringMatching(/script-src 'self' 'sha256-/) : defaultPolicy),
        'cache-control': 'no-store',
      });
      if (notFound) expect(answer.body, what).toContain(`<html lang="${defaultLanguage}"`);
      else expect(JSON.parse(answer.body), what).toEqual({ success: false, error: errorCode(status) });
    }
    for (const text of ['GET / HTTP/1.1\r\nConnection: close\r\n\r\n', oversizedHeader]) {
      const plain = await rawRequest(Number(new URL(plainSite).port), text);
      expect(plain.status).toBe(400);
      expect(pick(plain.headers)).toEqual({ ...ownAnswerHeaders(defaultPolicy), 'cache-control': undefined });
    }
  });

  it('serves an SVG with a policy of its own: it draws, and runs or loads nothing', async () => {
    const svg = readdirSync(path.join(clientDir, 'assets')).find((file) => file.endsWith('.svg'));
    for (const address of ['/favicon.svg', `/assets/${svg}`]) {
      const answer = await secure(`${site}${address}`);
      expect(answer.status, address).toBe(200);
      expect(answer.headers['content-security-policy'], address).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox",
      );
    }
  });

  it('answers Let’s Encrypt’s challenge over plain http, from the folder certbot writes to', async () => {
    const token = 'evaGxfADs6pSRb2LAv9IZf17Dt3juxGJ-PCt92wr-oA';
    mkdirSync(path.join(nginx.acmeDir, '.well-known/acme-challenge'), { recursive: true });
    writeFileSync(path.join(nginx.acmeDir, '.well-known/acme-challenge', token), `${token}.key-authorization`);
    const answer = await request(`${plainSite}/.well-known/acme-challenge/${token}`, { headers: { host: hostName } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain');
    expect(answer.body).toBe(`${token}.key-authorization`);
    const unknown = await request(`${plainSite}/.well-known/acme-challenge/none`, { headers: { host: hostName } });
    expect(unknown.status).toBe(404);
  });

  it('speaks HTTP/2 to a browser that offers it, with the headers and bytes of HTTP/1.1', async () => {
    const address = localizedPath('/about', other);
    const overHttp1 = await secure(`${site}${address}`);
    const session = connect(site, {
      ca: nginx.certificate,
      lookup: (_hostname, options, callback) =>
        options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4),
    });
    try {
      const { headers, body } = await new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': address });
        let headers: IncomingHttpHeaders = {};
        let body = '';
        stream.setEncoding('utf8');
        stream.on('response', (answer) => (headers = answer));
        stream.on('data', (chunk: string) => (body += chunk));
        stream.on('end', () => resolve({ headers, body }));
        stream.on('error', reject);
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(headers[':status']).toBe(200);
      expect(pick(headers)).toEqual(pick(overHttp1.headers));
      expect(body).toBe(overHttp1.body);
    } finally {
      session.close();
    }
  });

  it('serves every page of every language and the built files itself while no instance runs; forms and the API get 503', async () => {
    const { url, content } = asset();
    const file = await secure(`${site}${url}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(file.status).toBe(200);
    expect(file.headers['content-encoding']).toBe('gzip');
    expect(file.headers.vary).toBe('Accept-Encoding');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['strict-transport-security']).toBe(hsts);
    expect(file.headers['content-security-policy']).toMatch(/; upgrade-insecure-requests$/);
    expect(gunzipSync(file.raw).equals(content)).toBe(true);
    // What browsers accept: the .br beside a file or a page, smaller than its gzip.
    const accepting = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const page = localizedPath('/about', other);
    for (const [address, identity] of [
      [url, content],
      [page, (await secure(`${site}${page}`)).raw],
    ] as const) {
      const brotli = await secure(`${site}${address}`, { headers: accepting });
      const gzip = await secure(`${site}${address}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(brotli.headers['content-encoding'], address).toBe('br');
      expect(brotli.headers.vary, address).toBe('Accept-Encoding');
      expect(brotliDecompressSync(brotli.raw).equals(identity), address).toBe(true);
      expect(brotli.raw.length, address).toBeLessThan(gzip.raw.length);
    }

    const failures: string[] = [];
    for (const address of pageAddresses) {
      const page = await secure(`${site}${address}`, { headers: { 'accept-encoding': 'gzip' } });
      const lng = page.headers['content-language'];
      const html = page.status === 200 ? gunzipSync(page.raw).toString('utf8') : '';
      const prefix = languageCodes.find((code) => code === lng);
      if (
        page.status !== 200 ||
        !prefix ||
        !html.includes(`<html lang="${prefix}"`) ||
        !address.startsWith(localizedPath('/', prefix).replace(/^\/$/, ''))
      ) {
        failures.push(`${address}: ${page.status} ${String(lng)}`);
      }
      if (!/script-src 'self' 'sha256-/.test(String(page.headers['content-security-policy'])))
        failures.push(`${address}: CSP`);
    }
    expect(failures).toEqual([]);

    // The root shows the German home until an instance can choose.
    const home = await secure(`${site}/`, { headers: { 'accept-language': other } });
    expect(home.status).toBe(200);
    expect(home.body).toContain(`<html lang="${defaultLanguage}"`);
    expect(home.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);

    // A form sent from an English page: the page that says so, in English, with the site's headers.
    const form = await secure(`${site}/send-contact.php`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        referer: `https://${hostName}${localizedPath('/contact', other)}`,
      },
      body: 'name=Ama&email=ama%40example.com&message=Hallo',
    });
    expect(form.status).toBe(503);
    expect(form.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(form.body).toContain(`<html lang="${other}"`);
    expect(form.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(form.headers['strict-transport-security']).toBe(hsts);
    expect(form.headers['cache-control']).toBe('no-store');

    for (const answer of [
      await postContact(site, newMarker('nginx-down'), {}, tls),
      await secure(`${site}/healthz`),
      await secure(`${site}/api/newsletter/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    ]) {
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ success: false, error: 'unavailable' });
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves the editor at /admin/ itself, with its own policy, not indexed, and the public policy untouched', async () => {
    const page = await secure(`${site}/admin/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    // write-site ran without the CMS settings: the page says so, and runs nothing.
    expect(page.body).toContain('Die Bearbeitung ist nicht eingerichtet');
    expect(page.body).not.toContain('<script');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; base-uri 'none'/);
    expect(page.headers['strict-transport-security']).toBe(hsts);
    const bare = await secure(`${site}/admin`);
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe(`https://${hostName}/admin/`);
    const built = readdirSync(path.join(root, 'dist/admin/assets')).find((file) => /^main-.*\.js$/.test(file));
    const script = await secure(`${site}/admin/assets/${built}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['x-robots-tag']).toBe('noindex, nofollow');
    const publicPage = await secure(`${site}${localizedPath('/about', other)}`);
    expect(publicPage.headers['x-robots-tag']).toBeUndefined();
    expect(publicPage.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('sends the same bytes and headers for a page as an instance does', async () => {
    instances.push(...(await Promise.all(ports.map((port) => startInstance({ ...instanceSettings, port })))));
    const { url } = asset();
    const fromInstance = await request(`${instances[0]?.url}${url}`);
    const fromNginx = await secure(`${site}${url}`);
    expect(pick(fromNginx.headers)).toEqual(pick(fromInstance.headers));
    expect(fromInstance.headers['strict-transport-security']).toBe(hsts);

    const failures: string[] = [];
    for (const address of pageAddresses) {
      const [byNginx, byInstance] = [
        await secure(`${site}${address}`),
        await request(`${instances[0]?.url}${address}`),
      ];
      if (!byNginx.raw.equals(byInstance.raw)) failures.push(`${address}: bytes differ`);
      const [a, b] = [pickShared(byNginx.headers), pickShared(byInstance.headers)];
      if (JSON.stringify(a) !== JSON.stringify(b))
        failures.push(`${address}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets the instances choose at the root and answer old addresses, and delivers a contact message', async () => {
    await waitUntil(
      async () => (await secure(`${site}/healthz`)).status === 200,
      20_000,
      () => 'nginx did not reach the instances',
    );
    const chosen = await secure(`${site}/`, { headers: { 'accept-language': `${other}-US, de;q=0.5` } });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.location).toBe(localizedPath('/', other));
    expect(chosen.headers.vary).toContain('Accept-Language');
    expect(chosen.headers['strict-transport-security']).toBe(hsts);
    const old = await secure(`${site}/about?lng=${other}`);
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe(localizedPath('/about', other));
    const misspelt = await secure(`${site}${localizedPath('/about', other)}/`);
    expect(misspelt.status).toBe(301);

    const marker = newMarker('nginx');
    const posted = await postContact(site, marker, {}, tls);
    expect(posted.status).toBe(200);
    const { byMarker } = await waitForMarkers(backing.smtp, [marker], 30_000);
    expect(byMarker.get(marker)).toBe(1);
    expect(markerOf(backing.smtp.received.at(-1)?.parsed.subject)).toBe(marker);
  });

  it('logs the network of an address and the path without its query, and nothing that names a visitor', async () => {
    const token = 'Zm9vYmFyLXRva2VuLXRoYXQtbXVzdC1uZXZlci1iZS1sb2dnZWQ';
    const unsubscribe = localizedPath('/newsletter/unsubscribe', other);
    expect(
      (
        await secure(`${site}${unsubscribe}?token=${token}`, {
          headers: { referer: `https://mail.example/?to=ama@example.com`, 'user-agent': 'Agent/7.1 (Ama)' },
        })
      ).status,
    ).toBe(200);
    await request(`${plainSite}/about?lng=fr&token=${token}`, { headers: { host: hostName } });
    const lines = readFileSync(nginx.accessLog, 'utf8').trim().split('\n');
    expect(lines.join('\n')).not.toMatch(new RegExp(`${token}|127\\.0\\.0\\.1|ama@example|Agent/7|lng=`));
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+ 127\\.0\\.0\\.0 "GET ${unsubscribe} HTTP/1\\.1" 200 \\d+$`),
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/ 127\.0\.0\.0 "GET \/about HTTP\/1\.1" 301 \d+$/));
  });

  it('keeps the compressed files to content negotiation: at their own address they are the 404 page', async () => {
    const { url } = asset();
    const page = `${localizedPath('/about', other)}.html`;
    for (const variant of [`${url}.gz`, `${url}.br`, `${page}.gz`, `${page}.br`]) {
      const answer = await secure(`${site}${variant}`);
      expect(answer.status, variant).toBe(404);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      const lng = variant.startsWith(`/${other}/`) ? other : defaultLanguage;
      expect(answer.body, variant).toContain(`<html lang="${lng}"`);
      // One policy, each header once (Node joins repeated ones with ", "), and a 404 is never kept for a year.
      expect(pick(answer.headers), variant).toEqual({
        ...ownAnswerHeaders(expect.stringMatching(/^default-src 'none'; script-src 'self' 'sha256-[^,]+$/)),
        'cache-control': expect.stringMatching(/^no-(cache|store)$/),
      });
    }
  });

  it('passes on an instance’s 431 for headers nginx takes but an instance does not, each security header once', async () => {
    // Four 5 KB lines: within nginx's buffers (4 × 8 KiB), over Node's 16 KiB.
    const headers = Object.fromEntries(['a', 'b', 'c', 'd'].map((name) => [`x-${name}`, 'y'.repeat(5_000)]));
    const answer = await secure(`${site}/`, { headers });
    expect(answer.status).toBe(431);
    expect(pick(answer.headers)).toEqual({ ...ownAnswerHeaders(defaultPolicy), 'cache-control': 'no-store' });
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: errorCode(431) });
  });

  it.each([localizedPath('/about', other), '/favicon.svg'])(
    'grades A+ on the MDN HTTP Observatory over https, with the real redirect from http, for %s',
    async (path) => {
      const page = await secure(`${site}${path}`);
      expect(page.status).toBe(200);
      const preflight = await secure(`${site}/`, {
        method: 'OPTIONS',
        headers: { origin: 'https://http-observatory.security.mozilla.org', 'access-control-request-method': 'GET' },
      });
      const redirect = await request(`${plainSite}${path}`, { headers: { host: hostName } });
      const recorded = ({ status = 0, headers, body }: Outcome) => ({ status, headers, body });
      const grade = await gradeWithObservatory({
        url: `https://${hostName}${path}`,
        page: recorded(page),
        preflight: recorded(preflight),
        redirect: recorded(redirect),
      });
      console.log(`Observatory through nginx over https, ${path}: ${grade.grade} ${grade.score}`);
      expect(Object.entries(grade.results).filter(([, test]) => !test.pass)).toEqual([]);
      expect(grade.grade).toBe('A+');
    },
  );

  it('lets the instances share one rate limit on the visitor address nginx passes on', async () => {
    // FORM_RATE_LIMIT=3, one used above; nginx spreads the posts over both instances.
    const statuses = [];
    for (let n = 0; n < 3; n++) statuses.push((await postContact(site, newMarker('nginx-limit'), {}, tls)).status);
    expect(statuses).toEqual([200, 200, 429]);
    // A forged X-Forwarded-For does not make a new visitor: nginx replaces it.
    expect(
      (await postContact(site, newMarker('nginx-forged'), { 'x-forwarded-for': '198.51.100.99' }, tls)).status,
    ).toBe(429);
  });

  it('keeps the root answering through the other instance while one is stopped, and every page with none', async () => {
    const [first, second] = instances;
    expect((await first?.terminate())?.code).toBe(0);
    const answers = [];
    for (let n = 0; n < 6; n++)
      answers.push((await secure(`${site}/`, { headers: { 'accept-language': other } })).status);
    expect(answers).toEqual([302, 302, 302, 302, 302, 302]);
    expect((await second?.terminate())?.code).toBe(0);
    for (const address of [localizedPath('/about', other), '/contact', localizedPath('/jobs', other)]) {
      expect((await secure(`${site}${address}`)).status, address).toBe(200);
    }
  });
});

describe('nginx in front of two instances with a Personio feed', () => {
  const standIn = new PersonioStandIn();
  const position = (id: string, title: string): StandInPosition => ({
    id,
    texts: Object.fromEntries(
      languageCodes.map((lng) => [
        lng,
        { name: `${title} (${lng})`, sections: [{ name: 'Tasks', value: '<p>x</p>' }] },
      ]),
    ),
  });
  let feedNginx: RunningNginx;
  let feedInstances: Instance[] = [];
  const jobsOf = (lng: (typeof languageCodes)[number], job?: string) =>
    `${localizedPath('/jobs', lng)}${job ? `?job=${job}` : ''}`;
  const get = (address: string, encoding: string) =>
    request(`${feedNginx.site}${address}`, { agent: feedNginx.tls, headers: { 'accept-encoding': encoding } });
  const decoded = (answer: Outcome) =>
    (answer.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(answer.raw)
      : answer.headers['content-encoding'] === 'gzip'
        ? gunzipSync(answer.raw)
        : answer.raw
    ).toString('utf8');

  beforeAll(async () => {
    standIn.positions = [position('6101', 'Disponent'), position('6102', 'Zollexperte')];
    const feedUrl = await standIn.start();
    const feedPorts: [number, number] = [await freePort(), await freePort()];
    const env = { JOBS_FEED_URL: feedUrl, JOBS_FEED_REFRESH_SECONDS: '1' };
    feedNginx = await startNginx({ upstreams: feedPorts, siteUrl: `https://${hostName}`, siteEnv: env });
    feedInstances = await Promise.all(feedPorts.map((port) => startInstance({ ...instanceSettings, port, env })));
  });
  afterAll(async () => {
    await Promise.all(feedInstances.map((instance) => instance.kill()));
    await feedNginx?.stop();
    await standIn.stop();
  });

  it('answers the jobs pages it passed on while no instance runs, as the instances answered them', async () => {
    await waitUntil(
      async () => decoded(await get(jobsOf(other), 'gzip')).includes('Zollexperte'),
      30_000,
      () => 'the feed’s jobs never showed',
    );
    standIn.positions = [position('6101', 'Disponent')];
    await waitUntil(
      async () => (await get(jobsOf(other, '6102'), 'gzip')).status === 410,
      30_000,
      () => 'the closed position never answered 410',
    );
    // The other instance reloads the feed's jobs within its poll (2 s), and nginx asks again after 1 s.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const addresses = [
      ...languageCodes.map((lng) => jobsOf(lng)),
      jobsOf(other, '6101'),
      jobsOf(defaultLanguage, '6101'),
      jobsOf(other, '6102'),
    ];
    const encodings = ['gzip, deflate, br, zstd', 'gzip', 'identity'];
    const before = new Map<string, Outcome>();
    for (const address of addresses)
      for (const encoding of encodings) before.set(`${address} ${encoding}`, await get(address, encoding));

    for (const instance of feedInstances) expect((await instance.terminate()).code).toBe(0);
    const failures: string[] = [];
    for (const [key, was] of before) {
      const space = key.indexOf(' ');
      const now = await get(key.slice(0, space), key.slice(space + 1));
      if (now.status !== was.status) failures.push(`${key}: ${now.status}, was ${was.status}`);
      else if (decoded(now) !== decoded(was)) failures.push(`${key}: another page`);
      else if (JSON.stringify(pickShared(now.headers)) !== JSON.stringify(pickShared(was.headers)))
        failures.push(`${key}: other headers ${JSON.stringify(pickShared(now.headers))}`);
    }
    expect(failures).toEqual([]);
    const list = before.get(`${jobsOf(other)} gzip`);
    expect(list?.status).toBe(200);
    expect(decoded(list as Outcome)).toContain('Disponent');
    expect(list?.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(before.get(`${jobsOf(other, '6102')} gzip`)?.status).toBe(410);
    expect(before.get(`${jobsOf(other)} gzip, deflate, br, zstd`)?.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(before.get(`${jobsOf(other)} identity`)?.headers['content-encoding']).toBeUndefined();
    // Kept by the parameters that choose the page: others (a campaign's) change nothing.
    const tagged = await get(`${jobsOf(other, '6101')}&utm_source=newsletter`, 'gzip');
    expect(tagged.status).toBe(200);
    expect(decoded(tagged)).toBe(decoded(before.get(`${jobsOf(other, '6101')} gzip`) as Outcome));
    // A page no visitor asked for through nginx was never kept: the page saying the site is unavailable.
    expect((await get(jobsOf('fr', '6101'), 'gzip')).status).toBe(503);
  });
});
