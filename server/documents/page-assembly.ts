import { pageDocument } from './page-document.ts';

/**
 * What the build knows about putting a rendered page into its document, kept
 * beside the pages (dist/pages/assembly.json) so the server can render the
 * jobs pages of a Personio feed with the same template and scripts as the
 * prerendered ones (docs/decisions/0027-jobs-from-personio.md).
 */
export interface PageAssembly {
  /** Vite's index.html without its script tags. */
  template: string;
  /** The inline script every page's head starts with. */
  headScript: string;
  /** The client entry, started once the page has painted. */
  entryFile: string;
  /** Preloaded on every page: what the entry imports, React DOM and i18next. */
  baseFiles: string[];
  /** Preloaded besides, per module a page names (an island's code, a namespace's texts). */
  moduleFiles: Record<string, string[]>;
}

export const assemblyFileName = 'assembly.json';

/**
 * Starts the app once the prerendered page is on screen: the content paints
 * without waiting for a byte of JavaScript, then the entry and every chunk the
 * page needs load in parallel. "On screen" is the browser's own first-contentful-paint
 * entry where it reports one (a frame requested is not yet a frame shown: on a busy
 * phone the scripts would otherwise compete with the first paint); elsewhere the
 * next frame. A hidden tab that never paints starts after 3 s.
 */
function appLoader(entryFile: string, files: readonly string[]): string {
  const urls = JSON.stringify(files.map((file) => `/${file}`));
  return (
    `<script>(function(){var started=false;function start(){if(started)return;started=true;` +
    `${urls}.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)});` +
    `import(${JSON.stringify(`/${entryFile}`)})}` +
    `var P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0)` +
    `new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(start)}}).observe({type:"paint",buffered:true});` +
    `else requestAnimationFrame(function(){setTimeout(start)});setTimeout(start,3000)})()</script>`
  );
}

/** A rendered page's whole HTML document, with the server's placeholders still in it. */
export function assemblePage(
  assembly: PageAssembly,
  { lng, head, html, modules }: { lng: string; head: string; html: string; modules: readonly string[] },
): string {
  const files = new Set(assembly.baseFiles);
  for (const key of modules) {
    const moduleFiles = assembly.moduleFiles[key];
    if (!moduleFiles) throw new Error(`${key} is not in the client build`);
    for (const file of moduleFiles) files.add(file);
  }
  return pageDocument(assembly.template, {
    lng,
    headScript: assembly.headScript,
    head,
    html,
    bodyEnd: appLoader(assembly.entryFile, [...files]),
  });
}
