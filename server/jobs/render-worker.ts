/**
 * The worker thread that renders the jobs pages of a Personio feed (docs/decisions/0037-jobs-pages-rendered-in-a-worker.md):
 * a list of 200 jobs keeps React busy for a few hundred milliseconds, which here
 * holds up no request. Loads the build's renderer once, then answers each
 * `{ id, input }` with `{ id, html }` or `{ id, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { describeError } from '../describe-error';
import { loadJobsPageRenderer, type JobsPageInput } from './render-jobs-page';

const port = parentPort;
if (!port) throw new Error('render-worker runs as a worker thread');
const render = await loadJobsPageRenderer((workerData as { distDir: string }).distDir);
port.on('message', ({ id, input }: { id: number; input: JobsPageInput }) => {
  render(input).then(
    (html) => port.postMessage({ id, html }),
    (error: unknown) => port.postMessage({ id, error: describeError(error) }),
  );
});
port.postMessage({ ready: true });
