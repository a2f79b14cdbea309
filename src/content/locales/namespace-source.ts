/** The module id of a namespace file, as Vite's build manifest names it. */
export function namespaceSource(lng: string, ns: string): string {
  return `src/content/locales/${lng}/${ns}.json`;
}
