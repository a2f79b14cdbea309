import { spawn } from 'node:child_process';
import path from 'node:path';
import { analyticsStandInIntegrity, e2eAnalyticsProvider } from './environment';

const root = path.resolve(import.meta.dirname, '../../..');

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy at ${url}`);
}

export interface SiteServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The built server (`dist/server/index.js`) as the browser tests run it, on
 * 127.0.0.1:`port` with its data in `dataDir`; `env` adds or overrides settings.
 */
export async function startSiteServer({
  port,
  dataDir,
  env = {},
}: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<SiteServer> {
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: dataDir,
      FORM_RATE_LIMIT: '1000',
      // Only requested after analytics consent, which consent.spec.ts gives and serves with page.route.
      ANALYTICS_SCRIPT_URL: `${url}/test-analytics.js`,
      ANALYTICS_PROVIDER: e2eAnalyticsProvider,
      ANALYTICS_SCRIPT_INTEGRITY: analyticsStandInIntegrity,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`${url}/healthz`, 20_000);
  return {
    url,
    stop: async () => {
      if (server.exitCode !== null) return;
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    },
  };
}
