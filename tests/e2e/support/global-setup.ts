import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SmtpSink } from '../../../server/test/smtp-sink';
import { e2eDataDir, e2eDir, e2eMailDir, e2ePort, e2eSmtpPort } from './environment';
import { startSiteServer } from './site-server';

const root = path.resolve(import.meta.dirname, '../../..');

/** Starts a real SMTP server that files every mail for the tests, and the built server. */
export default async function globalSetup() {
  if (!existsSync(path.join(root, 'dist/server/index.js'))) {
    throw new Error('No build in dist/: run "npm run build" before the browser tests.');
  }
  rmSync(e2eDir, { recursive: true, force: true });
  mkdirSync(e2eDataDir, { recursive: true });
  const smtp = new SmtpSink({ dir: e2eMailDir });
  await smtp.start(e2eSmtpPort);

  const server = await startSiteServer({
    port: e2ePort,
    dataDir: e2eDataDir,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Westbridge <noreply@westbridge.example>',
      CONTACT_TO: 'inbox@westbridge.example',
    },
  });

  return async () => {
    await server.stop();
    await smtp.stop();
  };
}
