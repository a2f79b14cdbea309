import { createHash } from 'node:crypto';
import path from 'node:path';

/** Where the browser tests find the server and the mail it sends. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4310);
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 4325);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
export const e2eDir = path.resolve(import.meta.dirname, '../../../.tmp/e2e');
export const e2eMailDir = path.join(e2eDir, 'mailbox');
export const e2eDataDir = path.join(e2eDir, 'data');

/** ANALYTICS_PROVIDER of the server, and so the optional services a stored choice must be made for. */
export const e2eAnalyticsProvider = 'matomo';

/**
 * The stand-in for ANALYTICS_SCRIPT_URL (this server's /test-analytics.js, served by
 * the tests with page.route). It behaves like Matomo: it sets its `_pk_id` and `_pk_ses` cookies.
 */
export const analyticsStandIn =
  'document.cookie = "_pk_id.1.e2e=visitor; path=/"; document.cookie = "_pk_ses.1.e2e=1; path=/"; window.analyticsLoaded = true;';
/** ANALYTICS_SCRIPT_INTEGRITY of the server: the stand-in's digest. */
export const analyticsStandInIntegrity = `sha384-${createHash('sha384').update(analyticsStandIn).digest('base64')}`;
