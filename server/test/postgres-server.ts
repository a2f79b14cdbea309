import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/** A throwaway PostgreSQL cluster for tests, started from Debian's binaries. */
export interface PostgresServer {
  url: string;
  /** Stops the server but keeps its data, like an outage. */
  down(): void;
  /** Starts it again on the same port with the same data. */
  up(): void;
  /** Stops the server and deletes its data. */
  stop(): void;
  /** One statement on a connection of its own, as a test looks at what the instances stored. */
  query<Row extends object>(text: string, values?: unknown[]): Promise<Row[]>;
}

function postgresBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((version) => path.join(base, version, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!found) {
    throw new Error(
      'PostgreSQL is not installed: run "apt-get install -y postgresql" (npm test does this when run as root).',
    );
  }
  return found;
}

/** Runs a PostgreSQL binary; as root, as the `postgres` user, since PostgreSQL refuses to run as root. */
function run(bin: string, args: string[], asPostgres: boolean): void {
  const [command, commandArgs] = asPostgres ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const asPostgres = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
  if (asPostgres) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'], asPostgres);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = (...args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', dir, ...args], asPostgres);
  let running = false;
  const up = () => {
    pgCtl('-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start');
    running = true;
  };
  up();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    down: () => {
      pgCtl('-m', 'fast', '-w', 'stop');
      running = false;
    },
    up,
    stop: () => {
      try {
        if (running) pgCtl('-m', 'immediate', '-w', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    async query<Row extends object>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<Row>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
  };
}
