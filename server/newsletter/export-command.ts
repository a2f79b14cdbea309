import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { CommandDatabaseError, openInstancesDatabase, type CommandIo } from '../db/command-database';
import type { DatabaseHandle } from '../db/database';
import { subscribersCsv } from './export-csv';
import { confirmedSubscribers } from './subscriptions';

/** npm run newsletter:export: the confirmed subscribers as CSV, to `out` or the file `--out` names. Exit code 0, 1 or 2 as the queue's commands. */
export async function exportSubscribers(args: string[], io: CommandIo): Promise<number> {
  let database: DatabaseHandle | null = null;
  try {
    let values: { out?: string; bom: boolean };
    try {
      ({ values } = parseArgs({
        args,
        options: { out: { type: 'string' }, bom: { type: 'boolean', default: false } },
      }));
    } catch (error) {
      io.err(
        `${error instanceof Error ? error.message : String(error)}\nUsage: npm run newsletter:export -- [--out file.csv] [--bom]\n`,
      );
      return 2;
    }
    database = await openInstancesDatabase(
      loadConfig(io.env, () => {}),
      io.err,
    );
    const subscribers = await confirmedSubscribers(database.db);
    const csv = subscribersCsv(subscribers, { bom: values.bom });
    if (values.out) {
      await writeFile(values.out, csv);
      io.err(`Wrote ${subscribers.length} confirmed subscribers to ${values.out}.\n`);
    } else {
      io.out(csv);
    }
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof CommandDatabaseError) io.err(`Cannot run: ${error.message}\n`);
    else io.err(`Cannot reach the database: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await database?.close().catch(() => {});
  }
}
