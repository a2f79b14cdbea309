import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJsonFile } from '../../common/json-file';
import { photoLikeJpeg } from '../../scripts/pictures/photo-like';
import { freePort } from '../../server/test/free-port';
import { deployFile, writeOperatorCommand } from './support/deploy-files';
import { request } from './support/http';
import { root, waitUntil } from './support/instances';

/**
 * The path to live of an editor's change (docs/editing.md), as the live host runs it: the company's
 * repository (a local bare one here), the host's clone of it, deploy/bin/westbridge-live as
 * westbridge-live.timer starts it, and the operator's `westbridge switch`. Only nginx and systemd are
 * stand-ins: `nginx -t` agrees, `systemctl` lists no running instance (this test restarts its own
 * instance from the current release, as the unit's restart would). A merge that passes the checks is
 * served at /about, /en/about and /fr/about with its photograph as AVIF and WebP; one that fails
 * them leaves the live site as it was.
 */
let work: string;
let srv: string;
let bare: string;
let editor: string;
let site: string;
let port: number;
let instance: ChildProcess | null = null;
let live: string;

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const env = () => ({ PATH: `${path.join(work, 'bin')}:${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: work });

/** One run of westbridge-live, as the timer starts it: its exit code and what it said. */
function runLive(): { code: number; output: string; seconds: number } {
  const started = Date.now();
  try {
    const output = execFileSync('sh', [live], {
      env: env(),
      encoding: 'utf8',
      stdio: 'pipe',
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, output, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: `${failed.stdout}${failed.stderr}`, seconds: (Date.now() - started) / 1000 };
  }
}

/** The instance, (re)started from the current release as systemd's restart would. */
async function restartInstance() {
  if (instance) {
    const exited = new Promise((resolve) => instance?.once('exit', resolve));
    instance.kill('SIGTERM');
    await exited;
  }
  instance = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: path.join(srv, 'current'),
    env: { PATH: env().PATH, PORT: String(port), HOST: '127.0.0.1', SITE_URL: site, DATA_DIR: path.join(work, 'data') },
    stdio: 'ignore',
  });
  await waitUntil(
    async () => (await request(`${site}/healthz`)).status === 200,
    30_000,
    () => 'the instance did not start',
  );
}

/** An editor's publish: a commit on main of the company's repository, as the merge of their branch. */
function merge(message: string, change: (checkout: string) => void) {
  git(editor, 'pull', '--quiet', 'origin', 'main');
  change(editor);
  git(editor, 'add', '-A');
  git(editor, 'commit', '--quiet', '--no-verify', '-m', message);
  git(editor, 'push', '--quiet', 'origin', 'HEAD:main');
}

const lead = {
  de: 'Seit heute: ein neuer Vorspann, im Editor geschrieben und ohne Entwickler veröffentlicht.',
  en: 'As of today: a new lead, written in the editor and published without a developer.',
  fr: 'Dès aujourd’hui\u00a0: un nouveau chapeau, écrit dans l’éditeur et publié sans développeur.',
};

function setLead(checkout: string, texts: Record<string, string>) {
  for (const [lng, text] of Object.entries(texts)) {
    const file = path.join(checkout, `src/content/locales/${lng}/about.json`);
    const about = JSON.parse(readFileSync(file, 'utf8')) as { lead: string };
    writeFileSync(file, formatJsonFile({ ...about, lead: text }));
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'path-to-live-'));
  srv = path.join(work, 'srv');
  mkdirSync(path.join(srv, 'releases'), { recursive: true });
  mkdirSync(path.join(srv, 'live'));
  port = await freePort();
  site = `http://127.0.0.1:${port}`;
  // The company's repository, with this commit on main.
  bare = path.join(work, 'site.git');
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', bare]);
  git(root, 'push', '--quiet', bare, 'HEAD:refs/heads/main');
  // The live host's clone, its packages installed as the lock file says (the checkout's, linked).
  git(work, 'clone', '--quiet', bare, path.join(srv, 'source'));
  symlinkSync(path.join(root, 'node_modules'), path.join(srv, 'source', 'node_modules'));
  const lock = createHash('sha256')
    .update(readFileSync(path.join(root, 'package-lock.json')))
    .digest('hex');
  writeFileSync(path.join(srv, 'live', 'published'), `none\n${lock}\n`);
  // An editor's clone, for the merges.
  editor = path.join(work, 'editor');
  git(work, 'clone', '--quiet', bare, editor);
  git(editor, 'config', 'user.name', 'Redaktion');
  git(editor, 'config', 'user.email', 'redaktion@westbridge.example');
  // The host's settings, commands and stand-ins.
  const settingsFile = path.join(work, 'westbridge.env');
  writeFileSync(settingsFile, `SITE_URL=${site}\n`);
  const bin = path.join(work, 'bin');
  mkdirSync(bin);
  const operator = writeOperatorCommand(path.join(bin, 'westbridge'), {
    srv,
    settingsFile,
    dataDir: path.join(work, 'data'),
  });
  writeFileSync(path.join(bin, 'nginx'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  writeFileSync(
    path.join(bin, 'systemctl'),
    '#!/bin/sh\n# No instance runs under systemd here: the test restarts its own.\nexit 0\n',
    {
      mode: 0o755,
    },
  );
  live = path.join(bin, 'westbridge-live');
  writeFileSync(
    live,
    deployFile('bin/westbridge-live', [
      ['srv=/srv/westbridge', `srv=${srv}`],
      ['settings=/etc/westbridge/westbridge.env', `settings=${settingsFile}`],
      ['operator=/usr/local/bin/westbridge', `operator=${operator}`],
      ['/opt/node24/bin', path.dirname(process.execPath)],
    ]),
  );
  chmodSync(live, 0o755);
  // What is live before: this commit, published by the same path.
  const first = runLive();
  expect(first.output).toContain('is live.');
  await restartInstance();
}, 900_000);

afterAll(async () => {
  instance?.kill('SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
}, 120_000);

/** A page's HTML, on a connection of its own (a kept one may have been closed by the instance's restart). */
const page = async (address: string) => (await request(`${site}${address}`)).body;

describe('deploy/bin/westbridge-live: from the merge to the live site', () => {
  it('serves new texts in three languages and a new photograph as AVIF and WebP, within minutes of the merge', async () => {
    const before = realpathSync(path.join(srv, 'current'));
    const photograph = await photoLikeJpeg({ seed: 11 });
    const merged = Date.now();
    merge('Über uns: neuer Vorspann; Kakao: ein Foto', (checkout) => {
      setLead(checkout, lead);
      writeFileSync(path.join(checkout, 'src/content/images/kakao-ernte.jpg'), photograph);
      const dataFile = path.join(checkout, 'src/content/pictures.json');
      const data = JSON.parse(readFileSync(dataFile, 'utf8')) as { imports: Record<string, object> };
      data.imports.cocoa = { file: 'kakao-ernte.jpg', credit: 'Foto: Ama Mensah', focus: { x: 30, y: 50 } };
      writeFileSync(dataFile, formatJsonFile(data));
    });
    const run = runLive();
    expect(run.code, run.output).toBe(0);
    expect(realpathSync(path.join(srv, 'current'))).not.toBe(before);
    await restartInstance();
    const seconds = (Date.now() - merged) / 1000;
    // The timer notices a merge within two minutes of it: live within ten, with room.
    console.log(
      `From the merge to the new pages: ${seconds.toFixed(0)} s (the run ${run.seconds.toFixed(0)} s), plus at most 120 s until the timer's run`,
    );
    expect(seconds + 120).toBeLessThan(600);

    expect(await page('/about')).toContain(lead.de);
    expect(await page('/en/about')).toContain(lead.en);
    expect(await page('/fr/about')).toContain(lead.fr);
    const services = await page('/services');
    const sources = services.match(/<source [^>]*>/g) ?? [];
    for (const type of ['image/avif', 'image/webp'] as const) {
      const source = sources.find((tag) => tag.includes(`type="${type}"`) && tag.includes('kakao-ernte'));
      expect(source, type).toBeDefined();
      // React writes the attribute srcSet; HTML does not mind the case.
      const first = /srcset="([^" ]+)/i.exec(source ?? '')?.[1] ?? '';
      expect(first, type).toMatch(/^\/assets\/kakao-ernte-/);
      const file = await request(`${site}${first}`);
      expect(file.status, first).toBe(200);
      expect(file.headers['content-type']).toBe(type);
    }
  }, 900_000);

  it('leaves the live site as it was when a merge fails the checks, and does not try it again', async () => {
    const before = realpathSync(path.join(srv, 'current'));
    merge('Über uns: deutscher Vorspann leer', (checkout) => setLead(checkout, { de: '' }));
    const run = runLive();
    expect(run.code).toBe(1);
    expect(run.output).toContain('the live site stays as it is');
    expect(realpathSync(path.join(srv, 'current'))).toBe(before);
    expect(await page('/about')).toContain(lead.de);
    // The timer's next run does nothing until the branch moves on.
    expect(runLive()).toMatchObject({ code: 0, output: '' });
  }, 600_000);
});
