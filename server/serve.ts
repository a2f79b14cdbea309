/**
 * One instance: reads the settings, opens and migrates the database, serves, and stops cleanly
 * on SIGTERM. Started by server/index.ts once the Node it runs on is the right one.
 */
import net from 'node:net';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { siteFilesWarning } from './pages/site-files';
import { siteFileSettingsOf } from './pages/site-settings';
import { newsletterProviderRules } from './newsletter/providers';
import { distDir } from './paths';

function readConfig(): ServerConfig {
  try {
    return loadConfig(process.env, console.warn, { newsletterProviders: newsletterProviderRules });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({
    config,
    database,
    background: true,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => process.exit(1), 9_000);
    deadline.unref();
    // Refuse new connections first (a proxy then tries another instance), and give those just
    // accepted a moment to send their request: closing, Node drops every connection without a
    // request in progress, even one whose request is still on its way.
    net.Server.prototype.close.call(app.server);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const siteWarning = await siteFilesWarning(path.join(distDir, 'site'), siteFileSettingsOf(config));
  if (siteWarning) app.log.warn(siteWarning);
}

main().catch((error: unknown) => {
  console.error('Cannot start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
