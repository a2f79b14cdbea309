import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type Plugin } from 'vite';
import { headScript } from './src/app/head-script.ts';
import { siteUrlPlaceholder } from './src/app/site-url.ts';

const analyticsAttribute = ' data-analytics-src="__ANALYTICS_SCRIPT_URL__"';

const apiPort = Number(process.env.API_PORT ?? 8787);
const apiTarget = `http://127.0.0.1:${apiPort}`;

/** In development the page is not prerendered: add what the prerenderer adds. */
function devDocument(): Plugin {
  return {
    name: 'dev-document',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, { server }) => {
        const address = server?.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? 'http://localhost:5173';
        const analytics = process.env.ANALYTICS_SCRIPT_URL?.trim();
        return html
          .replace(siteUrlPlaceholder, address)
          .replace(analyticsAttribute, analytics ? ` data-analytics-src="${encodeURI(analytics)}"` : '')
          .replace('<!--app-head-->', `<title>Westbridge</title>\n    <script>${headScript}</script>`);
      },
    },
  };
}

/**
 * The built site runs on Preact's React-compatible runtime: the same components
 * in a tenth of React DOM's size (docs/decisions/0010-preact-in-the-built-site.md).
 * Development and the component tests keep React itself.
 */
const preactInPlaceOfReact: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
  // react-i18next's useSyncExternalStore polyfill for React 17; Preact has the real one.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), devDocument()],
  resolve: command === 'build' ? { alias: preactInPlaceOfReact } : {},
  // The prerenderer must render with the runtime the browser hydrates with:
  // bundle the React libraries so they import Preact too.
  ssr: { noExternal: ['react-router', 'react-i18next', 'use-sync-external-store'] },
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(
      ['/send-contact.php', '/subscribe-newsletter.php', '/api', '/healthz', '/sitemap.xml', '/robots.txt'].map((path) => [
        path,
        apiTarget,
      ]),
    ),
  },
}));
