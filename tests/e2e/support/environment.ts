import path from 'node:path';

/** Where the browser tests find the server and the mail it sends. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4310);
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 4325);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
export const e2eDir = path.resolve(import.meta.dirname, '../../../.tmp/e2e');
export const e2eMailDir = path.join(e2eDir, 'mailbox');
export const e2eDataDir = path.join(e2eDir, 'data');
