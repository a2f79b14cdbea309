import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { news } from './scripts/news/vite-plugin.ts';
import { pictures } from './scripts/pictures/vite-plugin.ts';

/**
 * The editor at /admin/ (src/admin/main.tsx): a build of its own into dist/admin, so nothing of it
 * reaches a public page's bundle. It renders the site's own components in its preview, with the
 * site's stylesheet and pictures, made by the same plugins as the site's build (vite.config.ts).
 * server/admin/admin-page.ts writes the page that loads it, from its manifest.
 */
/**
 * Decap checks its configuration with Ajv, which compiles schemas into functions at run time and
 * would need 'unsafe-eval' in /admin/'s policy: the build takes src/admin/config-validation.ts
 * instead, and src/admin/decap-config.test.ts runs Decap's own check on the configuration.
 */
function configCheckedByTests(): Plugin {
  return {
    name: 'westbridge-decap-config-checked-by-tests',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../constants/configSchema' && importer?.includes('/decap-cms-core/dist/esm/actions/')) {
        return path.resolve(import.meta.dirname, 'src/admin/config-validation.ts');
      }
      return null;
    },
  };
}

export default defineConfig({
  base: '/admin/',
  plugins: [configCheckedByTests(), news(), pictures(), react(), tailwindcss()],
  // Decap's packages read Node's `global` (buffer, path polyfills).
  define: { global: 'globalThis' },
  build: {
    outDir: 'dist/admin',
    emptyOutDir: true,
    manifest: true,
    // One editor's download, cached: Decap is large and loaded once per session.
    chunkSizeWarningLimit: 5_000,
    rollupOptions: { input: 'src/admin/main.tsx' },
  },
});
