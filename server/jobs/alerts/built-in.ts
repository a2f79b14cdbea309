import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../../common/jobs';
import type { Language } from '../../../common/languages';
import type { Database } from '../../db/database';
import { describeError } from '../../describe-error';
import { builtInJobsFileName } from '../../documents/page-manifest';
import { builtInSource, noteOpenPositions, roundPositions } from './positions';

/**
 * Without a feed, a built-in job that a release adds opens when the first instance of that
 * release starts: the instances note the build's jobs at start, and whichever comes first
 * announces the new one (the others find it known). A build without the file (development)
 * notes nothing; a database that does not answer is logged, and the next start notes them.
 */
export async function noteBuiltInJobs(
  db: Database,
  { pagesDir, now, log }: { pagesDir: string; now: number; log: FastifyBaseLogger },
): Promise<void> {
  let jobs: Record<Language, Job[]>;
  try {
    jobs = JSON.parse(await readFile(path.join(pagesDir, builtInJobsFileName), 'utf8')) as Record<Language, Job[]>;
  } catch {
    return;
  }
  try {
    const noted = await noteOpenPositions(db, {
      source: builtInSource,
      positions: roundPositions(jobs, (id) => jobs.de.find((job) => job.id === id)?.department ?? null),
      now,
    });
    if (noted.kind === 'round') log.info({ opened: noted.opened }, 'job alerts: new built-in jobs announced');
  } catch (error) {
    log.warn(
      { err: describeError(error) },
      'job alerts: the built-in jobs could not be noted; the next start notes them',
    );
  }
}
