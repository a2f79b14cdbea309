/**
 * The worker thread of one read of the Personio feed (read-feed-thread.ts):
 * parses the three documents and sanitizes and joins their positions, then
 * answers `{ read }`, `{ refused }` (a FeedError's message) or `{ failed }`.
 */
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { describeError } from '../describe-error.ts';
import { FeedError } from './personio-feed.ts';
import { parseAndJoin, type FeedReadInput } from './read-feed-thread.ts';

const port = parentPort;
if (!port) throw new Error('read-feed-worker runs as a worker thread');
// The low CPU priority (nice 19) for this thread alone (on Linux a thread has its own): on a machine
// whose cores are busy, the instance's requests go first and the read takes longer.
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // Not allowed here: the read runs at the instance's priority.
}
try {
  port.postMessage({ read: await parseAndJoin(workerData as FeedReadInput) });
} catch (error) {
  port.postMessage(error instanceof FeedError ? { refused: error.message } : { failed: describeError(error) });
}
