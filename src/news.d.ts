// `virtual:news`: the news entries, read and checked at build time by scripts/news/vite-plugin.ts.
// An ambient module cannot import by a relative name, so the types are referenced with import().
/* eslint-disable @typescript-eslint/consistent-type-imports */
declare module 'virtual:news' {
  export const entries: readonly import('./content/news').NewsEntry[];
  export const redirects: readonly import('./content/news').NewsRedirect[];
}
