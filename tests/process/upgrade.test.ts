import { execFile, spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageManifest } from '../../server/documents/page-manifest';
import { inlineScriptHashes } from '../../server/documents/inline-script-hashes';
import { freePort } from '../../server/test/free-port';
import { writeOperatorCommand } from './support/deploy-files';
import { inParallel, newMarker, postContact, request, type Outcome } from './support/http';
import {
  launchInstance,
  root,
  startBacking,
  type Backing,
  type Instance,
  type InstanceSettings,
} from './support/instances';
import { waitForMarkers } from './support/mailbox';
import { behindNginx, hostName, nginxBinary, pageAddresses, startNginx, type RunningNginx } from './support/nginx';

/**
 * docs/operations.md's "Upgrade", as an operator runs it: the next release made by `npm run release` beside the
 * current one, then `westbridge switch`, under load through nginx. Only systemd is the test's: a
 * `systemctl` on the PATH asks this file to restart an instance (stop, then start from the current
 * release, as the unit does) or to reload nginx (`nginx -s reload`).
 */

/** The lines of docs/operations.md this test runs ($R: the next release's folder). */
const releaseLine = '(set -a && . /etc/westbridge/westbridge.env && set +a && npm run release -- "$R")';
const switchLine = 'westbridge switch "$R"';

const run = promisify(execFile);
let work: string;
let srv: string;
let backing: Backing;
let nginx: RunningNginx;
let control: Server;
let operatorCommand: string;
/** The settings file the units and the operator's command read (/etc/westbridge/westbridge.env). */
let settingsFile: string;
let settings: (port: number) => InstanceSettings;
const instances = new Map<number, Instance>();
/** What systemd was asked to do, in order. */
const systemdLog: string[] = [];
/** Instances that did not stop cleanly when restarted, with their output. */
const stops: string[] = [];

/** The checkout's sources beside it, without build or installed packages (those are the checkout's). */
function copyCheckout(to: string) {
  const left = new Set([
    'node_modules',
    'dist',
    '.git',
    '.tmp',
    'data',
    'test-results',
    'playwright-report',
    'coverage',
  ]);
  cpSync(root, to, { recursive: true, filter: (source) => !left.has(path.relative(root, source)) });
  symlinkSync(path.join(root, 'node_modules'), path.join(to, 'node_modules'));
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'upgrade-'));
  srv = path.join(work, 'srv');
  mkdirSync(path.join(srv, 'releases'), { recursive: true });
  settingsFile = path.join(work, 'westbridge.env');
  const env = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` };
  backing = await startBacking();
  writeFileSync(
    settingsFile,
    `SITE_URL=https://${hostName}\nDATABASE_URL=${backing.postgres.url}\nSMTP_URL=${backing.smtp.url}\nTRUST_PROXY=1\n`,
  );
  // The release in use: the checkout's build, made a release by the second half of `npm run release`.
  // The next one: the same sources with one change to the styles (new hashed file names), built as docs/operations.md says.
  const next = path.join(work, 'checkout');
  copyCheckout(next);
  appendFileSync(path.join(next, 'src/app/styles.css'), '\n:root {\n  --release: 2;\n}\n');
  await Promise.all([
    run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/release.ts', path.join(srv, 'releases/1')], {
      cwd: root,
      env: { ...env, SITE_URL: `https://${hostName}` },
    }),
    run('sh', ['-c', releaseLine.replace('/etc/westbridge/westbridge.env', settingsFile)], {
      cwd: next,
      env: { ...env, R: path.join(srv, 'releases/2') },
      maxBuffer: 64 * 1024 * 1024,
    }),
  ]);
  symlinkSync(path.join(srv, 'releases/1'), path.join(srv, 'current'));

  const ports: [number, number] = [await freePort(), await freePort()];
  // As the unit does, each start reads the settings file again.
  settings = (port) => behindNginx(backing, port, { release: path.join(srv, 'current'), env: settingsFromFile() });
  nginx = await startNginx({ upstreams: ports, current: path.join(srv, 'current') });
  for (const port of ports) {
    const instance = await launchInstance(settings(port));
    await instance.healthy();
    instances.set(port, instance);
  }
  control = await systemdStandIn();
  operatorCommand = writeOperatorCommand(path.join(work, 'bin', 'westbridge'), {
    srv,
    settingsFile,
    dataDir: path.join(work, 'data'),
  });
}, 600_000);

// Two releases with their packages and a copy of the checkout to delete: more than a minute on a busy machine.
afterAll(async () => {
  control?.close();
  await nginx?.stop();
  await backing?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
}, 180_000);

/** The settings file's NAME=value lines, as systemd's EnvironmentFile reads them. */
const settingsFromFile = (): Record<string, string> =>
  Object.fromEntries(
    readFileSync(settingsFile, 'utf8')
      .split('\n')
      .map((line) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
      .filter((match) => match !== null)
      .map(([, name = '', value = '']) => [name, value]),
  );

/**
 * `systemctl` and `nginx` in <work>/bin: nginx with the test's configuration, systemctl asking this
 * file over http. Answers `list-units` with the running instances, `restart` by stopping one
 * (SIGTERM, as the unit's KillSignal) and starting it again from the current release without
 * waiting for it to be ready (`systemctl restart` returns once the process runs), `reload nginx`
 * with `nginx -s reload`.
 */
async function systemdStandIn(): Promise<Server> {
  const bin = path.join(work, 'bin');
  mkdirSync(bin, { recursive: true });
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const command = body;
      systemdLog.push(command);
      const answer = async (): Promise<string> => {
        const [verb, ...rest] = command.split(' ');
        const unit = rest.at(-1) ?? '';
        if (verb === 'list-units' && rest.includes('--state=running') && unit === 'westbridge@*.service') {
          return [...instances.values()]
            .filter((instance) => instance.running())
            .map(
              (instance) => `westbridge@${instance.port}.service loaded active running Westbridge website instance\n`,
            )
            .join('');
        }
        if (verb === 'reload' && unit === 'nginx') {
          await run(nginxBinary, [...nginx.arguments, '-s', 'reload']);
          return '';
        }
        const port = Number(/^westbridge@(\d+)(\.service)?$/.exec(unit)?.[1]);
        const instance = instances.get(port);
        if (verb === 'restart' && instance) {
          const exit = await instance.terminate();
          // systemd starts it again whatever its exit; the test wants to know.
          if (exit.code !== 0) stops.push(`westbridge@${port}: ${JSON.stringify(exit)}\n${instance.output()}`);
          instances.set(port, await launchInstance(settings(port)));
          return '';
        }
        throw new Error(`no stand-in for: systemctl ${command}`);
      };
      answer().then(
        (text) => res.end(text),
        (error: unknown) => {
          res.statusCode = 500;
          res.end(`${String(error)}\n`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no control port');
  writeFileSync(
    path.join(bin, 'systemctl'),
    `#!/bin/sh\nexec curl -fsS --max-time 60 --data-binary "$*" http://127.0.0.1:${address.port}/\n`,
    { mode: 0o755 },
  );
  writeFileSync(path.join(bin, 'nginx'), `#!/bin/sh\nexec ${nginxBinary} ${nginx.arguments.join(' ')} "$@"\n`, {
    mode: 0o755,
  });
  return server;
}

const assetReference = /(?:\/assets\/|["'(]\.\/)([\w-]+(?:\.[\w-]+)*\.(?:js|css|svg|jpg|png|webp|avif|woff2?))\b/g;
/** The hashed files a page or a file of the site refers to: what a browser showing it may still ask for. */
const assetsIn = (text: string) => [...text.matchAll(assetReference)].map((match) => `/assets/${match[1]}`);
const ownAssets = (release: string) =>
  new Set(readdirSync(path.join(srv, 'releases', release, 'dist/client/assets')).map((name) => `/assets/${name}`));

/** Every file the pages refer to, and those files to others (scripts import scripts, styles name pictures). */
async function assetsOf(pages: readonly string[]): Promise<{ assets: Set<string>; missing: string[] }> {
  const assets = new Set(pages.flatMap(assetsIn));
  const missing: string[] = [];
  let unread = [...assets];
  while (unread.length > 0) {
    const found = await inParallel(unread, 4, async (asset) => {
      const outcome = await request(`${nginx.site}${asset}`, { agent: nginx.tls });
      if (outcome.status !== 200) missing.push(`${asset} ${outcome.status ?? outcome.error}`);
      return /\.(js|css)$/.test(asset) ? assetsIn(outcome.body) : [];
    });
    unread = [...new Set(found.flat())].filter((asset) => !assets.has(asset));
    for (const asset of unread) assets.add(asset);
  }
  return { assets, missing };
}

/** A page's answer whose Content-Security-Policy does not allow its own inline scripts (one release's page, another's headers). */
const policyMismatch = (outcome: Outcome) =>
  String(outcome.headers['content-type']).startsWith('text/html') &&
  inlineScriptHashes(outcome.body).some(
    (hash) => !String(outcome.headers['content-security-policy']).includes(`'${hash}'`),
  );

describe('an upgrade as docs/operations.md says it', () => {
  it('is in docs/operations.md: the next release by npm run release, then westbridge switch', () => {
    const guide = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const upgrade = guide.slice(guide.indexOf('### Upgrade'), guide.indexOf('### Backup and restore'));
    expect(upgrade).toContain(releaseLine);
    expect(upgrade).toContain(switchLine);
  });

  it('fails no request and loses no file a page open in a browser asks for, while westbridge switch runs', async () => {
    const manifest = JSON.parse(
      readFileSync(path.join(srv, 'releases/1/dist/pages/manifest.json'), 'utf8'),
    ) as PageManifest;
    const addresses = pageAddresses(manifest);
    const secure = (address: string, headers: Record<string, string> = {}) =>
      request(`${nginx.site}${address}`, { agent: nginx.tls, headers });

    // Pages open in browsers before the switch, and every file they may still load.
    const opened = await inParallel(addresses, 4, (address) => secure(address));
    expect(opened.filter((outcome) => outcome.status !== 200)).toEqual([]);
    const before = await assetsOf(opened.map((outcome) => outcome.body));
    expect(before.missing).toEqual([]);
    // The next release really differs: without the upgrade's care, open pages would lose files.
    const gone = [...before.assets].filter((asset) => !ownAssets('2').has(asset));
    expect(gone.length).toBeGreaterThan(0);
    console.log(
      `Before the switch: ${addresses.length} pages refer to ${before.assets.size} files, ${gone.length} not in the next release`,
    );

    const started = performance.now();
    const switching = new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn('sh', [operatorCommand, 'switch', path.join(srv, 'releases/2')], {
        env: { PATH: `${path.join(work, 'bin')}:/usr/bin:/bin` },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });
    let done = false;
    const finished = switching.then(async (result) => {
      // Visitors go on a little after the last restart.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      done = true;
      return result;
    });

    const failures: string[] = [];
    const delivered: string[] = [];
    const served: string[] = [];
    const counts = { pages: 0, files: 0, posts: 0 };
    const oldFiles = [...before.assets];
    const visitor = async (n: number) => {
      for (let i = n; !done; i += 3) {
        if (n === 0) {
          const marker = newMarker('upgrade');
          const outcome = await postContact(nginx.site, marker, {}, nginx.tls);
          counts.posts++;
          if (outcome.status === 200) delivered.push(marker);
          else failures.push(`post ${outcome.status ?? outcome.error}`);
          continue;
        }
        const page = addresses[i % addresses.length] ?? '/';
        for (const [what, outcome, expected] of [
          [page, await secure(page), 200],
          ['/ (de)', await secure('/', { 'accept-language': 'de' }), 200],
          ['/ (en)', await secure('/', { 'accept-language': 'en' }), 302],
        ] as const) {
          counts.pages++;
          if (outcome.status !== expected) failures.push(`${what} ${outcome.status ?? outcome.error}`);
          if (policyMismatch(outcome)) failures.push(`${what}: its policy does not allow its scripts`);
          served.push(outcome.body);
        }
        for (const file of [oldFiles[i % oldFiles.length], oldFiles[(i * 7 + 1) % oldFiles.length]]) {
          const outcome = await secure(file ?? '/');
          counts.files++;
          if (outcome.status !== 200) failures.push(`${file} (open page) ${outcome.status ?? outcome.error}`);
        }
      }
    };
    await Promise.all([0, 1, 2].map(visitor));
    const { code, output } = await finished;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Upgrade in ${seconds} s: ${counts.pages} page requests, ${counts.files} files of open pages, ${counts.posts} posts\n${output}`,
    );
    expect(code, output).toBe(0);
    expect(failures).toEqual([]);
    expect(counts.pages).toBeGreaterThan(30);
    expect(systemdLog.filter((command) => command.startsWith('restart '))).toHaveLength(2);
    expect(stops).toEqual([]);

    // Afterwards: every file of a page open before, or served during, the switch is there.
    const after = await assetsOf([...opened.map((outcome) => outcome.body), ...served]);
    expect(after.missing).toEqual([]);
    // nginx serves the next release's pages, and both instances run it.
    const next = ownAssets('2');
    const fresh = (body: string) => assetsIn(body).filter((asset) => !before.assets.has(asset) && next.has(asset));
    expect(fresh((await secure('/en/about')).body)).not.toEqual([]);
    for (const instance of instances.values()) {
      expect(fresh((await request(`${instance.url}/?lng=de`)).body)).not.toEqual([]);
    }

    expect(delivered.length).toBeGreaterThan(3);
    const { byMarker } = await waitForMarkers(backing.smtp, delivered, 60_000);
    expect(delivered.filter((marker) => byMarker.get(marker) !== 1)).toEqual([]);
  }, 300_000);

  it('leaves westbridge <command> running the new release’s command with the instances’ settings and Node 24', async () => {
    // Without Node 24 on the PATH: the command puts it there.
    const { stderr } = await run('sh', [operatorCommand, 'mail:given-up'], { env: { PATH: '/usr/bin:/bin' } });
    expect(stderr).toMatch(/^Database: PostgreSQL postgres:\/\/[^:@]*@127\.0\.0\.1:\d+\//);
    expect(stderr).toContain('No given-up mails.');
    const unknown = await run('sh', [operatorCommand, 'mail:given-upp'], { env: { PATH: '/usr/bin:/bin' } }).catch(
      (failed: { code: number; stderr: string }) => failed,
    );
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.stderr).toMatch(
      /^westbridge: no command "mail:given-upp"\. The current release's commands: switch, .*mail:given-up/,
    );
  });

  it('takes a changed setting as docs/operations.md says: write-site, then a switch to the current release', async () => {
    const guide = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const procedure = guide.slice(guide.indexOf('### Changing a setting'), guide.indexOf('### Backup and restore'));
    expect(procedure).toMatch(/^westbridge write-site\b/m);
    expect(procedure).toMatch(/^westbridge switch \/srv\/westbridge\/current\b/m);

    // A setting the page files carry: their policy names the analytics script's origin.
    appendFileSync(
      settingsFile,
      'ANALYTICS_PROVIDER=plausible\nANALYTICS_SCRIPT_URL=https://plausible.io/js/script.js\n',
    );
    const env = { PATH: `${path.join(work, 'bin')}:/usr/bin:/bin` };
    const written = await run('sh', [operatorCommand, 'write-site'], { env });
    expect(written.stdout).toMatch(/^Wrote \d+ pages for https:\/\/www\.westbridge\.example into /);
    const switched = await run('sh', [operatorCommand, 'switch', path.join(srv, 'current')], { env });
    expect(switched.stdout).toContain(`nginx serves ${realpathSync(path.join(srv, 'releases/2'))}.`);
    expect(switched.stdout).not.toContain('Kept for a rollback');

    const manifest = JSON.parse(
      readFileSync(path.join(srv, 'releases/2/dist/pages/manifest.json'), 'utf8'),
    ) as PageManifest;
    const [address = '/about'] = pageAddresses(manifest);
    const page = await request(`${nginx.site}${address}`, { agent: nginx.tls });
    expect(page.headers['content-security-policy']).toContain('https://plausible.io');
    expect(instances.size).toBe(2);
    for (const instance of instances.values()) {
      const home = await request(`${instance.url}/?lng=de`);
      expect(home.headers['content-security-policy'], instance.url).toContain('https://plausible.io');
      expect(instance.output(), instance.url).not.toContain('written for other settings');
    }
    expect(stops).toEqual([]);
  });
});
