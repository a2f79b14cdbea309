/**
 * The worker thread of one read of the Personio feed (read-feed-thread.ts):
 * parses the three documents and sanitizes and joins their positions, then
 * answers `{ read }`, `{ refused }` (a FeedError's message) or `{ failed }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { describeError } from '../describe-error.ts';
import { FeedError } from './personio-feed.ts';
import { parseAndJoin, type FeedReadInput } from './read-feed-thread.ts';

const port = parentPort;
if (!port) throw new Error('read-feed-worker runs as a worker thread');
try {
  port.postMessage({ read: await parseAndJoin(workerData as FeedReadInput) });
} catch (error) {
  port.postMessage(error instanceof FeedError ? { refused: error.message } : { failed: describeError(error) });
}
