/**
 * npm run newsletter:export [-- --out subscribers.csv] [--bom]
 * Writes the confirmed newsletter subscribers as CSV (stdout by default), from
 * the database the server uses (DATABASE_URL, or SQLite in DATA_DIR; never a new
 * one). `--bom` starts the file with a UTF-8 byte order mark, for spreadsheets.
 */
import { exitOnWrongNode } from './node-version';

exitOnWrongNode('This command');
// Loaded only on the right Node: the export brings the database drivers, one of them native.
const { exportSubscribers } = await import('./newsletter/export-command');
process.exitCode = await exportSubscribers(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
