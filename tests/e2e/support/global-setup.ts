import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SmtpSink } from '../../../server/test/smtp-sink';
import {
  analyticsStandInIntegrity,
  e2eAnalyticsProvider,
  e2eBaseUrl,
  e2eDataDir,
  e2eDir,
  e2eMailDir,
  e2ePort,
  e2eSmtpPort,
} from './environment';

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

/** Starts a real SMTP server that files every mail for the tests, and the built server. */
export default async function globalSetup() {
  if (!existsSync(path.join(root, 'dist/server/index.js'))) {
    throw new Error('No build in dist/: run "npm run build" before the browser tests.');
  }
  rmSync(e2eDir, { recursive: true, force: true });
  mkdirSync(e2eDataDir, { recursive: true });
  const smtp = new SmtpSink({ dir: e2eMailDir });
  await smtp.start(e2eSmtpPort);

  const server = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(e2ePort),
      HOST: '127.0.0.1',
      SITE_URL: e2eBaseUrl,
      DATA_DIR: e2eDataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Westbridge <noreply@westbridge.example>',
      CONTACT_TO: 'inbox@westbridge.example',
      FORM_RATE_LIMIT: '1000',
      // Only requested after analytics consent, which consent.spec.ts gives and serves with page.route.
      ANALYTICS_SCRIPT_URL: `${e2eBaseUrl}/test-analytics.js`,
      ANALYTICS_PROVIDER: e2eAnalyticsProvider,
      ANALYTICS_SCRIPT_INTEGRITY: analyticsStandInIntegrity,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`${e2eBaseUrl}/healthz`, 20_000);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await smtp.stop();
  };
}
