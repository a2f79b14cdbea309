/**
 * A page's HTML document from index.html (Vite's template): the page's
 * language, the inline head script, its head and its markup; at build time
 * also the app loader at the end of <body>.
 */
export function pageDocument(
  template: string,
  { lng, headScript, head, html, bodyEnd = '' }: { lng: string; headScript: string; head: string; html: string; bodyEnd?: string },
): string {
  return template
    .replace('<html lang="de"', `<html lang="${lng}"`)
    .replace('<!--app-head-->', [`<script>${headScript}</script>`, head].join('\n    '))
    .replace('<!--app-html-->', () => html)
    .replace('</body>', () => `${bodyEnd ? `  ${bodyEnd}\n` : ''}  </body>`);
}
