/**
 * npm run newsletter:dead-syncs
 * Lists the newsletter sync jobs given up (refused by the provider, or still
 * failing after 24 hours), oldest first, from the database the server uses.
 * It prints addresses, never the provider's key.
 */
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { deadSyncs, formatDeadSyncs } from './newsletter/sync-jobs';

const config = loadConfig(process.env, () => {});
const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  const dead = await deadSyncs(database.db);
  process.stdout.write(formatDeadSyncs(dead));
  console.error(
    dead.length === 0
      ? 'No dead newsletter syncs.'
      : `${dead.length} dead newsletter sync${dead.length === 1 ? '' : 's'}: make these changes in the provider by hand, or export the subscribers (npm run newsletter:export).`,
  );
} finally {
  await database.close();
}
