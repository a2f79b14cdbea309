import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { languageCodes, type Language } from '../../common/languages.ts';
import { distDir } from '../paths.ts';
import { joinFeed, type FeedJobs, type JobRecord } from './feed-jobs.ts';
import { FeedError, parsePersonioFeed, type PersonioPosition } from './personio-feed.ts';

/** The three documents of one read, as fetched, and what the join needs besides. */
export interface FeedReadInput {
  documents: Record<Language, string>;
  feedUrl: string;
  previous: Record<string, JobRecord>;
  now: number;
}

/** What a read made of them: the jobs, and every position left out or changed to be harmless. */
export interface FeedRead {
  feed: FeedJobs;
  problems: string[];
}

/** How long and how much memory parsing and sanitizing one read may take, off the request thread. */
export interface FeedReadLimits {
  deadlineMs: number;
  maxMemoryMb: number;
}

/**
 * A read of 500 positions (the most a document may have) of ads at the bounds of
 * job-html.ts takes a few seconds of one core and less than 100 MB; these leave
 * room for a busy machine.
 */
export const feedReadLimits: FeedReadLimits = { deadlineMs: 30_000, maxMemoryMb: 256 };

/** Parses the documents and joins them, in this thread; a FeedError names the language whose document was refused. */
export async function parseAndJoin({ documents, feedUrl, previous, now }: FeedReadInput): Promise<FeedRead> {
  const parsed = {} as Record<Language, PersonioPosition[]>;
  for (const lng of languageCodes) {
    try {
      parsed[lng] = parsePersonioFeed(documents[lng]);
    } catch (error) {
      if (error instanceof FeedError) throw new FeedError(`the ${lng} document was refused: ${error.message}`);
      throw error;
    }
    await nextTurn();
  }
  const problems: string[] = [];
  const feed = await joinFeed(parsed, { feedUrl, previous, now, problem: (message) => problems.push(message) });
  return { feed, problems };
}

/** The worker's file: from the sources beside this one (Node strips the types), in a build its own entry (vite.server.config.ts). */
export const feedWorkerFile = 'jobs-feed-worker.js';
const workerFile = import.meta.filename.endsWith('.ts')
  ? path.join(import.meta.dirname, 'read-feed-worker.ts')
  : path.join(distDir, 'server', feedWorkerFile);

type Reply = { read: FeedRead } | { refused: string } | { failed: string };

/**
 * The same in a worker thread of its own, started for this read: the feed's
 * HTML is parsed and sanitized without holding up a request, and a read that
 * takes longer than the deadline or more memory than the limit is stopped and
 * refused whole (a FeedError: the last good jobs stay).
 */
export function parseAndJoinOffThread(
  input: FeedReadInput,
  limits: FeedReadLimits = feedReadLimits,
): Promise<FeedRead> {
  return new Promise<FeedRead>((resolve, reject) => {
    const worker = new Worker(workerFile, {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      outcome();
    };
    const deadline = setTimeout(
      () =>
        settle(() =>
          reject(new FeedError(`parsing and sanitizing its documents took longer than ${limits.deadlineMs / 1000} s`)),
        ),
      limits.deadlineMs,
    );
    worker.on('message', (reply: Reply) =>
      settle(() => {
        if ('read' in reply) resolve(reply.read);
        else if ('refused' in reply) reject(new FeedError(reply.refused));
        else reject(new Error(`reading the jobs feed failed: ${reply.failed}`));
      }),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new FeedError(`parsing and sanitizing its documents took more than ${limits.maxMemoryMb} MB`)
            : error,
        ),
      ),
    );
    worker.on('exit', (code) => settle(() => reject(new Error(`the jobs feed's worker exited (${code})`))));
  });
}
