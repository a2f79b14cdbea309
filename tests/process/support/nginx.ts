import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localizedPath, searchOf } from '../../../common/page-urls';
import { servedAt, type PageManifest } from '../../../server/documents/page-manifest';
import { freePort } from '../../../server/test/free-port';
import { processStat } from '../../../server/test/process-stat';
import { deployFile } from './deploy-files';
import { request } from './http';
import { root, serverEntry, waitUntil, type Backing, type InstanceSettings } from './instances';

export const nginxBinary = '/usr/sbin/nginx';
export const clientDir = path.join(root, 'dist/client');
export const hostName = 'www.westbridge.example';

/** An instance as docs/operations.md runs it behind nginx: the backing's PostgreSQL and SMTP server, TRUST_PROXY=1, the site's https address. */
export const behindNginx = (
  backing: Backing,
  port: number,
  more: Partial<InstanceSettings> = {},
): InstanceSettings => ({
  databaseUrl: backing.postgres.url,
  smtpUrl: backing.smtp.url,
  trustProxy: '1',
  siteUrl: `https://${hostName}`,
  port,
  ...more,
});

/**
 * Every page with an address of its own, in every language, as a visitor asks for it (the root aside: an
 * instance answers it); of the news section's, the pages served now (not a later entry's, not a feed, not a 410).
 */
export const pageAddresses = (manifest: PageManifest) =>
  manifest.pages
    .filter((entry) => entry.path !== null && entry.type === undefined && entry.status === 200)
    .filter((entry) => servedAt(entry, Date.now()))
    .map((entry) => `${localizedPath(entry.path ?? '/', entry.lng)}${searchOf(entry.variant)}`)
    .filter((address) => address !== '/');

/** A self-signed certificate for the site's name, made for this run. */
function makeCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, 'certificate.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-subj', `/CN=${hostName}`, '-addext', `subjectAltName=DNS:${hostName}`, '-keyout', key, '-out', certificate],
    ],
    { stdio: 'ignore' },
  );
  return { certificate, key };
}

export interface RunningNginx {
  /** The site over https, as visitors reach it. */
  site: string;
  /** The site's server by address, for load tools and browsers: https, or http when started with `tls: false`. */
  address: string;
  /** The same nginx over plain http. */
  plainSite: string;
  httpsPort: number;
  /** Sends each request on a new connection, trusting only this run's certificate, with the site's name leading here. */
  tls: Agent;
  accessLog: string;
  /** The folder plain http answers Let's Encrypt's challenges from (/var/www/letsencrypt in the example). */
  acmeDir: string;
  /** The certificate nginx presents (PEM), for clients of their own. */
  certificate: Buffer;
  /** The page files nginx serves, written by `write-site` for `siteUrl` (or the current release's). */
  siteDir: string;
  /** nginx's command line for this configuration (for `nginx -t`). */
  arguments: string[];
  /** The master's and its workers' process ids, for the bench's CPU time. */
  processIds(): number[];
  stop(): Promise<void>;
}

/**
 * Runs deploy/nginx/westbridge.conf unchanged apart from addresses, certificate and folders,
 * in front of the instances on `upstreams`: with the checkout's build and the pages written for
 * `siteUrl` as a deployment writes them, or with `current`, a link to a release (`npm run release`).
 * `tls: false` serves the site without TLS (and HTTP/2), for the bench: what the files cost without it.
 */
export async function startNginx({
  upstreams,
  tls: withTls = true,
  ...files
}: { upstreams: [number, number]; tls?: boolean } & (
  | {
      siteUrl: string;
      /** Further settings the page files are written for, such as JOBS_FEED_URL. */
      siteEnv?: Record<string, string>;
    }
  | { current: string }
)): Promise<RunningNginx> {
  if (!existsSync(nginxBinary)) {
    throw new Error('nginx is not installed: run "apt-get install -y nginx" (npm test does this when run as root).');
  }
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-'));
  let siteDir: string;
  if ('current' in files) {
    siteDir = path.join(files.current, 'dist/site');
  } else {
    siteDir = path.join(dir, 'site');
    execFileSync(process.execPath, [path.join(path.dirname(serverEntry), 'write-site.js'), '--out', siteDir], {
      env: { PATH: process.env.PATH, SITE_URL: files.siteUrl, ...files.siteEnv },
      stdio: 'ignore',
    });
  }
  const { certificate, key } = makeCertificate(dir);
  const tls = new Agent({
    ca: readFileSync(certificate),
    lookup: (_hostname, options, callback) =>
      options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4),
  });
  const accessLog = path.join(dir, 'access.log');
  const acmeDir = path.join(dir, 'letsencrypt');
  const conf = deployFile('nginx/westbridge.conf', [
    ['server 127.0.0.1:8081 ', `server 127.0.0.1:${upstreams[0]} `],
    ['server 127.0.0.1:8082 ', `server 127.0.0.1:${upstreams[1]} `],
    ['listen 80;', `listen 127.0.0.1:${httpPort};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort}${withTls ? ' ssl http2' : ''};`],
    ['listen [::]:443 ssl http2;', ''],
    ['ssl_certificate /etc/ssl/westbridge/fullchain.pem;', `ssl_certificate ${certificate};`],
    ['ssl_certificate_key /etc/ssl/westbridge/privkey.pem;', `ssl_certificate_key ${key};`],
    ['root /var/www/letsencrypt;', `root ${acmeDir};`],
    // The includes; pages.conf names the folders nginx serves from.
    ['/srv/westbridge/current/dist/site', siteDir, 10],
    // Both server blocks log there.
    ['access_log /var/log/nginx/westbridge.access.log westbridge;', `access_log ${accessLog} westbridge;`, 2],
    // The answers kept for the jobs pages of a feed.
    ['proxy_cache_path /var/lib/nginx/westbridge-pages ', `proxy_cache_path ${dir}/pages-cache `],
  ]);
  writeFileSync(path.join(dir, 'westbridge.conf'), conf);
  // What Debian's /etc/nginx/nginx.conf provides around a site, with every path in the temporary folder.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      // Started by root, nginx's workers would run as "nobody" and could not read a checkout in a private (0700) folder.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      // What Debian's modules-enabled/ loads for the site's brotli_static (libnginx-mod-http-brotli-static).
      'load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;',
      'events { worker_connections 256; }',
      'http {',
      '  sendfile on;',
      '  tcp_nopush on;',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  gzip on;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
      `  include ${dir}/westbridge.conf;`,
      '}',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  const nginx = spawn(nginxBinary, args, { stdio: 'inherit' });
  const site = `https://${hostName}:${httpsPort}`;
  const address = `${withTls ? 'https' : 'http'}://127.0.0.1:${httpsPort}`;
  await waitUntil(
    async () =>
      (withTls
        ? await request(`${site}/favicon.svg`, { agent: tls })
        : await request(`${address}/favicon.svg`, { headers: { host: hostName } })
      ).status === 200,
    15_000,
    () =>
      `nginx did not start:\n${existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`,
  );
  return {
    site,
    address,
    plainSite: `http://127.0.0.1:${httpPort}`,
    httpsPort,
    tls,
    accessLog,
    acmeDir,
    certificate: readFileSync(certificate),
    siteDir,
    arguments: args,
    processIds: () => (nginx.pid === undefined ? [] : [nginx.pid, ...childProcessIds(nginx.pid)]),
    stop: async () => {
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      tls.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The processes whose parent is `parent` (Linux: from /proc). */
function childProcessIds(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return processStat(Number(pid))[1] === String(parent);
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}
