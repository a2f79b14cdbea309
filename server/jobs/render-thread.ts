import { access } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RenderJobsPage } from './render-jobs-page';

/** The worker's file in a build, beside the server's (vite.server.config.ts). */
export const renderWorkerFile = 'jobs-render-worker.js';

export interface JobsPageRenderer {
  render: RenderJobsPage;
  close(): Promise<void>;
}

type Reply = { ready: true } | { id: number; html: string } | { id: number; error: string };

/**
 * Renders the jobs pages in a worker thread (server/jobs/render-worker.ts), so
 * that rendering a long list never holds up the instance's other requests. A
 * worker that dies fails the renders it had and is started again for the next.
 * Resolves once the worker has loaded the build's renderer: a build it cannot
 * load stops the instance at start, not at a visitor's request.
 */
export async function startJobsPageRenderer(distDir: string): Promise<JobsPageRenderer> {
  const file = path.join(distDir, 'server', renderWorkerFile);
  await access(file).catch(() => {
    throw new Error(`No ${file}: run "npm run build" first.`);
  });
  const waiting = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>();
  let sequence = 0;
  let worker: { thread: Worker; ready: Promise<void> } | null = null;

  const start = () => {
    // React's production build: the instances are started without NODE_ENV, which would give
    // its development build, several times slower and checking what the build already has.
    const thread = new Worker(file, { workerData: { distDir }, env: { ...process.env, NODE_ENV: 'production' } });
    const failAll = (error: Error) => {
      if (worker?.thread === thread) worker = null;
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
    };
    const ready = new Promise<void>((resolve, reject) => {
      thread.on('message', (reply: Reply) => {
        if ('ready' in reply) resolve();
        else {
          const request = waiting.get(reply.id);
          waiting.delete(reply.id);
          if ('html' in reply) request?.resolve(reply.html);
          else request?.reject(new Error(`rendering a jobs page failed: ${reply.error}`));
        }
        // An idle worker does not keep the process alive: the server's sockets and close() decide.
        if (waiting.size === 0) thread.unref();
      });
      thread.on('error', (error) => {
        reject(error);
        failAll(error);
      });
      thread.on('exit', (code) => {
        const error = new Error(`the jobs pages' render worker exited (${code})`);
        reject(error);
        failAll(error);
      });
    });
    // A worker started again for a render reports its failure through that render.
    ready.catch(() => {});
    return { thread, ready };
  };

  worker = start();
  await worker.ready;
  return {
    render: (input) =>
      new Promise((resolve, reject) => {
        const id = ++sequence;
        waiting.set(id, { resolve, reject });
        const { thread } = (worker ??= start());
        thread.ref();
        thread.postMessage({ id, input });
      }),
    async close() {
      const thread = worker?.thread;
      worker = null;
      await thread?.terminate();
    },
  };
}
