import { lstat, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { CommandDatabaseError, openInstancesDatabase, type CommandIo } from '../db/command-database';
import type { DatabaseHandle } from '../db/database';
import { subscribersCsv } from './export-csv';
import { newsletterProviderRules } from './providers';
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
        `${error instanceof Error ? error.message : String(error)}\nUsage: westbridge newsletter:export -- [--out file.csv] [--bom] (in a checkout: npm run newsletter:export …)\n`,
      );
      return 2;
    }
    database = await openInstancesDatabase(
      loadConfig(io.env, () => {}, { newsletterProviders: newsletterProviderRules }),
      io.err,
    );
    const subscribers = await confirmedSubscribers(database.db);
    const csv = subscribersCsv(subscribers, { bom: values.bom });
    if (values.out) {
      const refusal = await writePrivateFile(values.out, csv);
      if (refusal) {
        io.err(`Cannot write ${values.out}: ${refusal}. Nothing was written.\n`);
        return 1;
      }
      io.err(`Wrote ${subscribers.length} confirmed subscribers to ${values.out} (readable by its owner only).\n`);
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

/**
 * Writes `text` to `file` readable by its owner alone (0600): the addresses of every subscriber.
 * A symbolic link there is refused rather than followed (the command runs as root: a link could
 * point anywhere); the file is made new beside its place and renamed into it, so an existing
 * file, or a hard link to another, is replaced and never written through. The reason, or null.
 */
async function writePrivateFile(file: string, text: string): Promise<string | null> {
  const existing = await lstat(file).catch(() => null);
  if (existing?.isSymbolicLink()) return 'it is a symbolic link; name the file itself';
  if (existing && !existing.isFile()) return 'it is no regular file';
  const staging = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.writing`);
  try {
    const handle = await open(staging, 'wx', 0o600);
    try {
      await handle.writeFile(text);
      await handle.chmod(0o600);
    } finally {
      await handle.close();
    }
    await rename(staging, file);
    return null;
  } catch (error) {
    await rm(staging, { force: true });
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}
