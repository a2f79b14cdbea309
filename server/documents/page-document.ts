/**
 * A page's HTML document from index.html (Vite's template): the page's
 * language with the server's placeholders (common/page-placeholders.ts), the
 * inline head script, its head and its markup; at build time also the app
 * loader at the end of <body>.
 */
import { analyticsAttribute, siteUrlPlaceholder } from '../../common/page-placeholders.ts';

export function pageDocument(
  template: string,
  {
    lng,
    headScript,
    head,
    html,
    bodyEnd = '',
  }: { lng: string; headScript: string; head: string; html: string; bodyEnd?: string },
): string {
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${lng}" data-site-url="${siteUrlPlaceholder}"${analyticsAttribute}>`)
    .replace('<!--app-head-->', [`<script>${headScript}</script>`, head].join('\n    '))
    .replace('<!--app-html-->', () => html)
    .replace('</body>', () => `${bodyEnd ? `  ${bodyEnd}\n` : ''}  </body>`);
}
