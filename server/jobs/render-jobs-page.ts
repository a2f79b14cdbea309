import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { JobsBoard } from '../../common/jobs';
import type { Language } from '../../common/languages';
import type { PageVariant } from '../../common/page-urls';
import { assemblePage, assemblyFileName, type PageAssembly } from '../documents/page-assembly';

export interface JobsPageInput {
  lng: Language;
  variant: PageVariant;
  jobs: JobsBoard;
  noindex: boolean;
}

/** One jobs page as a whole HTML document (placeholders still in), rendered with the site's React components. */
export type RenderJobsPage = (input: JobsPageInput) => Promise<string>;

/** The prerender bundle's `prerenderPage` (src/app/entry-prerender.tsx), as far as the jobs pages use it. */
type PrerenderPage = (
  input: JobsPageInput & { pageId: 'jobs' },
) => Promise<{ html: string; head: string; modules: string[] }>;

/**
 * Loads the renderer of a build (dist/prerender and dist/pages/assembly.json),
 * in this thread: React renders a page in one go, so the server runs this in a
 * worker thread (render-thread.ts) and the bench beside it.
 */
export async function loadJobsPageRenderer(distDir: string): Promise<RenderJobsPage> {
  const assembly = JSON.parse(await readFile(path.join(distDir, 'pages', assemblyFileName), 'utf8')) as PageAssembly;
  const { prerenderPage } = (await import(
    /* @vite-ignore */ pathToFileURL(path.join(distDir, 'prerender/entry-prerender.js')).href
  )) as { prerenderPage: PrerenderPage };
  return async (input) => {
    const { html, head, modules } = await prerenderPage({ ...input, pageId: 'jobs' });
    return assemblePage(assembly, { lng: input.lng, head, html, modules });
  };
}
