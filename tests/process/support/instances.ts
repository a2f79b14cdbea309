import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../server/test/free-port';
import { startPostgres, type PostgresServer } from '../../../server/test/postgres-server';
import { SmtpSink } from '../../../server/test/smtp-sink';
import { request } from './http';

export const root = path.resolve(import.meta.dirname, '../../..');
/** The built server, as `npm start` runs it. */
export const serverEntry = path.join(root, 'dist/server/index.js');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Instance {
  readonly port: number;
  readonly url: string;
  readonly pid: number;
  readonly exited: Promise<Exit>;
  /** False once the process has exited. */
  running(): boolean;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, then waits for the exit. */
  terminate(): Promise<Exit>;
  /** SIGKILL (kill -9), then waits for the exit. */
  kill(): Promise<Exit>;
}

export interface InstanceSettings {
  databaseUrl: string;
  smtpUrl: string;
  /** Defaults to a limit no test reaches. */
  formRateLimit?: number;
  trustProxy?: string;
  /** Defaults to https://www.westbridge.example. */
  siteUrl?: string;
  /** Reuse a port, e.g. to restart an instance where it was. */
  port?: number;
  /** Further settings, e.g. NEWSLETTER_PROVIDER and its key. */
  env?: Record<string, string>;
  /**
   * A release folder (or a link to one) to run as the systemd unit does: working directory there,
   * `node dist/server/index.js`. Defaults to the checkout's build.
   */
  release?: string;
}

const running = new Set<{ kill(): Promise<Exit> }>();
const dataDirs: string[] = [];

export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  describe: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts `node dist/server/index.js` with the settings and waits until /healthz answers 200. */
export async function startInstance(settings: InstanceSettings): Promise<Instance> {
  const instance = await launchInstance(settings);
  await instance.healthy();
  return instance;
}

/** Starts `node dist/server/index.js` with the settings, as `systemctl start` does: without waiting for it to be ready. */
export async function launchInstance(settings: InstanceSettings): Promise<Instance & { healthy(): Promise<void> }> {
  const port = settings.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'instance-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [settings.release ? 'dist/server/index.js' : serverEntry], {
    cwd: settings.release ?? root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: settings.siteUrl ?? 'https://www.westbridge.example',
      DATA_DIR: dataDir,
      DATABASE_URL: settings.databaseUrl,
      SMTP_URL: settings.smtpUrl,
      MAIL_FROM: 'Westbridge <website@westbridge.example>',
      CONTACT_TO: 'inbox@westbridge.example',
      FORM_RATE_LIMIT: String(settings.formRateLimit ?? 1_000_000),
      TRUST_PROXY: settings.trustProxy ?? 'false',
      ANALYTICS_SCRIPT_URL: '',
      LOG_LEVEL: 'warn',
      ...settings.env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exitedAlready = false;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      exitedAlready = true;
      resolve({ code, signal });
    }),
  );
  const signal = async (name: NodeJS.Signals) => {
    if (!exitedAlready) child.kill(name);
    return exited;
  };
  const instance: Instance = {
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    exited,
    running: () => !exitedAlready,
    output: () => output,
    terminate: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
  running.add(instance);
  void exited.then(() => running.delete(instance));
  const healthy = () =>
    waitUntil(
      async () => {
        if (exitedAlready) throw new Error(`The instance on port ${port} exited while starting:\n${output}`);
        return (await request(`${instance.url}/healthz`)).status === 200;
      },
      30_000,
      () => `the instance on port ${port} did not become healthy:\n${output}`,
    );
  return { ...instance, healthy };
}

/** Kills what is still running and deletes the instances' data folders. */
export async function stopAllInstances(): Promise<void> {
  await Promise.all([...running].map((instance) => instance.kill()));
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** One PostgreSQL and one SMTP server, shared by the instances of a test file. */
export interface Backing {
  postgres: PostgresServer;
  smtp: SmtpSink;
  stop(): Promise<void>;
}

export async function startBacking(): Promise<Backing> {
  const postgres = await startPostgres();
  const smtp = new SmtpSink();
  await smtp.start();
  return {
    postgres,
    smtp,
    stop: async () => {
      await stopAllInstances();
      await smtp.stop();
      postgres.stop();
    },
  };
}
