import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), devDocument()],
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
});
