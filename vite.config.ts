import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiPaths, apiPrefix } from './common/api-paths.ts';
import { devPages } from './scripts/dev-pages.ts';
import { news } from './scripts/news/vite-plugin.ts';
import { pictures } from './scripts/pictures/vite-plugin.ts';

const apiPort = Number(process.env.API_PORT ?? 8787);
const apiTarget = `http://127.0.0.1:${apiPort}`;

export default defineConfig(() => ({
  plugins: [news(), pictures(), react(), tailwindcss(), devPages()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    // Pictures that only the prerendered markup uses (galleries, page headers) are emitted by
    // the prerender build; scripts/prerender.ts moves them next to the client's assets.
    ssrEmitAssets: true,
  },
  server: {
    proxy: Object.fromEntries(
      [apiPaths.contact, apiPaths.newsletter, apiPrefix, apiPaths.health, '/sitemap.xml', '/robots.txt'].map((path) => [
        path,
        apiTarget,
      ]),
    ),
  },
}));
