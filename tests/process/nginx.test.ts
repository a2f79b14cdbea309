import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/free-port';
import { markerOf, newMarker, postContact, request } from './support/http';
import { root, startBacking, startInstance, waitUntil, type Backing, type Instance, type InstanceSettings } from './support/instances';
import { waitForMarkers } from './support/mailbox';

const nginxBinary = '/usr/sbin/nginx';
const example = path.join(root, 'deploy/nginx/westbridge.conf');
const clientDir = path.join(root, 'dist/client');

/** Replaces `from` with `to`, which must occur exactly once, so the example cannot drift from what is tested. */
function substitute(text: string, from: string, to: string): string {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`deploy/nginx/westbridge.conf: expected "${from}" once, found it ${count} times`);
  return text.replace(from, to);
}

let backing: Backing;
let nginx: ChildProcess;
let nginxDir: string;
let site: string;
let instanceSettings: InstanceSettings;
let ports: [number, number];
const instances: Instance[] = [];

beforeAll(async () => {
  if (!existsSync(nginxBinary)) {
    throw new Error('nginx is not installed: run "apt-get install -y nginx" (npm test does this when run as root).');
  }
  backing = await startBacking();
  ports = [await freePort(), await freePort()];
  const nginxPort = await freePort();
  site = `http://127.0.0.1:${nginxPort}`;
  instanceSettings = {
    databaseUrl: backing.postgres.url,
    smtpUrl: backing.smtp.url,
    formRateLimit: 3,
    trustProxy: '1',
    siteUrl: 'http://www.westbridge.example',
  };

  nginxDir = mkdtempSync(path.join(tmpdir(), 'nginx-'));
  let conf = readFileSync(example, 'utf8');
  conf = substitute(conf, 'server 127.0.0.1:8081;', `server 127.0.0.1:${ports[0]};`);
  conf = substitute(conf, 'server 127.0.0.1:8082;', `server 127.0.0.1:${ports[1]};`);
  conf = substitute(conf, 'listen 80;', `listen 127.0.0.1:${nginxPort};`);
  conf = substitute(conf, 'listen [::]:80;', '');
  conf = substitute(conf, 'root /srv/westbridge/dist/client;', `root ${clientDir};`);
  writeFileSync(path.join(nginxDir, 'westbridge.conf'), conf);
  // What Debian's /etc/nginx/nginx.conf provides around a site, with every path in the temporary folder.
  writeFileSync(
    path.join(nginxDir, 'nginx.conf'),
    [
      'daemon off;',
      // Started by root, nginx's workers would run as "nobody" and could not read a checkout in a private (0700) folder.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${nginxDir}/nginx.pid;`,
      `error_log ${nginxDir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${nginxDir}/${kind};`),
      `  include ${nginxDir}/westbridge.conf;`,
      '}',
    ].join('\n'),
  );
  nginx = spawn(nginxBinary, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-e', path.join(nginxDir, 'error.log')], {
    stdio: 'inherit',
  });
  await waitUntil(
    async () => (await request(`${site}/favicon.svg`)).status === 200,
    15_000,
    () => `nginx did not start:\n${existsSync(path.join(nginxDir, 'error.log')) ? readFileSync(path.join(nginxDir, 'error.log'), 'utf8') : ''}`,
  );
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await backing?.stop();
  if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
});

/** A hashed script of the build with its .gz beside it. */
const asset = () => {
  const name = readdirSync(path.join(clientDir, 'assets')).find((file) => file.endsWith('.js') && existsSync(path.join(clientDir, 'assets', `${file}.gz`)));
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
  'cache-control',
];
const pick = (headers: Record<string, unknown>) => Object.fromEntries(securityHeaders.map((name) => [name, headers[name]]));

describe('nginx in front of two instances (deploy/nginx/westbridge.conf)', () => {
  it('serves the built files itself, before any instance runs, and answers pages with the JSON 503', async () => {
    const { url, content } = asset();
    const file = await request(`${site}${url}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(file.status).toBe(200);
    expect(file.headers['content-encoding']).toBe('gzip');
    expect(file.headers.vary).toBe('Accept-Encoding');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(file.raw).equals(content)).toBe(true);

    const page = await request(`${site}/about`);
    expect(page.status).toBe(503);
    expect(JSON.parse(page.body)).toEqual({ success: false, error: 'unavailable' });

    // With the instances running, the file carries the headers an instance would send for it.
    instances.push(...(await Promise.all(ports.map((port) => startInstance({ ...instanceSettings, port })))));
    const fromInstance = await request(`${instances[0]?.url}${url}`);
    const fromNginx = await request(`${site}${url}`);
    expect(pick(fromNginx.headers)).toEqual(pick(fromInstance.headers));
  });

  it('passes pages to the instances, which pick the language, and delivers a contact message', async () => {
    // nginx gave both up when they refused above; it tries them again after fail_timeout (10 s).
    await waitUntil(async () => (await request(`${site}/healthz`)).status === 200, 20_000, () => 'nginx did not reach the instances');
    const french = await request(`${site}/`, { headers: { 'accept-language': 'fr-CH, de;q=0.5' } });
    expect(french.status).toBe(200);
    expect(french.headers['content-language']).toBe('fr');
    expect(french.body).toContain('<html lang="fr"');
    expect(french.body).toContain('http://www.westbridge.example');
    expect(french.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    const english = await request(`${site}/about?lng=en`, { headers: { cookie: 'i18next=de' } });
    expect(english.headers['content-language']).toBe('en');

    const marker = newMarker('nginx');
    const posted = await postContact(site, marker);
    expect(posted.status).toBe(200);
    const { byMarker } = await waitForMarkers(backing.smtp, [marker], 30_000);
    expect(byMarker.get(marker)).toBe(1);
    expect(markerOf(backing.smtp.received.at(-1)?.parsed.subject)).toBe(marker);
  });

  it('lets the instances share one rate limit on the visitor address nginx passes on', async () => {
    // FORM_RATE_LIMIT=3, one used above; nginx spreads the posts over both instances.
    const statuses = [];
    for (let n = 0; n < 3; n++) statuses.push((await postContact(site, newMarker('nginx-limit'))).status);
    expect(statuses).toEqual([200, 200, 429]);
    // A forged X-Forwarded-For does not make a new visitor: nginx replaces it.
    expect((await postContact(site, newMarker('nginx-forged'), { 'x-forwarded-for': '198.51.100.99' })).status).toBe(429);
  });

  it('keeps serving through the other instance while one is stopped', async () => {
    const [first] = instances;
    expect((await first?.terminate())?.code).toBe(0);
    const answers = [];
    for (let n = 0; n < 6; n++) answers.push((await request(`${site}/about`)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
