/**
 * npm run newsletter:export [-- --out subscribers.csv] [--bom]
 * Writes the confirmed newsletter subscribers as CSV (stdout by default), from
 * the database the server uses (DATABASE_URL, or SQLite in DATA_DIR). `--bom`
 * starts the file with a UTF-8 byte order mark, for spreadsheets.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { subscribersCsv } from './newsletter/export-csv';
import { confirmedSubscribers } from './newsletter/subscriptions';

const { values } = parseArgs({ options: { out: { type: 'string' }, bom: { type: 'boolean', default: false } } });
const config = loadConfig(process.env, () => {});
const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  const subscribers = await confirmedSubscribers(database.db);
  const csv = subscribersCsv(subscribers, { bom: values.bom });
  if (values.out) {
    await writeFile(values.out, csv);
    console.error(`Wrote ${subscribers.length} confirmed subscribers to ${values.out}.`);
  } else {
    process.stdout.write(csv);
  }
} finally {
  await database.close();
}
