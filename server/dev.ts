/** The API for `npm run dev`: Vite serves the pages and proxies the API here. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { newsletterProviderRules } from './newsletter/providers';

const config = loadConfig({ ...process.env, PORT: process.env.API_PORT ?? '8787' }, console.warn, {
  newsletterProviders: newsletterProviderRules,
});
const database = openDatabase(config.database);
await migrateToLatest(database.db);
const app = await buildApp({ config, database, serveSite: false, background: true, logger: { level: 'info' } });
await app.listen({ port: config.port, host: '127.0.0.1' });
