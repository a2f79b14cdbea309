import { defineConfig } from 'vite';

/** Bundles the Fastify server and its command-line tools into dist/server; npm packages stay external. */
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    copyPublicDir: false,
    rollupOptions: {
      input: {
        index: 'server/index.ts',
        'newsletter-export': 'server/newsletter-export.ts',
        'queue-command': 'server/queue-command.ts',
        'write-site': 'server/write-site.ts',
        // A worker thread of the server (server/jobs/render-thread.ts names its file).
        'jobs-render-worker': 'server/jobs/render-worker.ts',
        // The worker thread of a read of the jobs feed (server/jobs/read-feed-thread.ts names its file).
        'jobs-feed-worker': 'server/jobs/read-feed-worker.ts',
      },
    },
  },
});
