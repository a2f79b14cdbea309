/**
 * Vite plugin: `import { entries, redirects } from 'virtual:news'` gives the news entries read
 * and checked at build time (entries.ts), each picture imported as `?picture=header` so the
 * pictures plugin makes it like every other. Only pages rendered at build time import it: no
 * entry reaches the browser's scripts. A bad entry stops the build with its file and problem.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { loadNews, NewsError, newsDir } from './entries.ts';

const moduleId = 'virtual:news';
const resolvedId = `\0${moduleId}`;

export function news(): Plugin {
  let root = process.cwd();
  return {
    name: 'westbridge-news',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === moduleId ? resolvedId : null;
    },
    async load(id) {
      if (id !== resolvedId) return null;
      let content: Awaited<ReturnType<typeof loadNews>>;
      try {
        content = await loadNews(root);
      } catch (error) {
        if (error instanceof NewsError) this.error(`News: ${error.message}`);
        throw error;
      }
      this.addWatchFile(path.join(root, newsDir));
      for (const entry of content.entries) this.addWatchFile(path.join(root, entry.file));
      const imports: string[] = [];
      const entries = content.entries.map((entry, index) => {
        if (!entry.picture) return JSON.stringify(entry);
        imports.push(
          `import picture${index} from ${JSON.stringify(`${path.join(root, entry.picture.file)}?picture=header`)};`,
        );
        const { file, ...described } = entry.picture;
        void file;
        return `{...${JSON.stringify({ ...entry, picture: null })}, picture: {...${JSON.stringify(described)}, image: picture${index}}}`;
      });
      return [
        ...imports,
        `export const entries = [${entries.join(',\n')}];`,
        `export const redirects = ${JSON.stringify(content.redirects)};`,
      ].join('\n');
    },
  };
}
