import { defineConfig } from 'vite';

/** Bundles the Fastify server into dist/server; npm packages stay external. */
export default defineConfig({
  build: {
    ssr: 'server/index.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    copyPublicDir: false,
  },
});
