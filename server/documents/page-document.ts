/**
 * A page's HTML document from index.html (Vite's template): the page's
 * language with the server's placeholders (common/page-placeholders.ts), the
 * inline head script, its head and its markup; at build time also the app
 * loader at the end of <body>.
 *
 * Every part comes in through a replacer function: a replacement string would
 * expand `$&`, `` $` `` and `$'` (String.prototype.replace), and a job's title
 * from the feed is part of the head.
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
    .replace(
      /<html lang="[^"]*">/,
      () => `<html lang="${lng}" data-site-url="${siteUrlPlaceholder}"${analyticsAttribute}>`,
    )
    .replace('<!--app-head-->', () => [`<script>${headScript}</script>`, head].join('\n    '))
    .replace('<!--app-html-->', () => html)
    .replace('</body>', () => `${bodyEnd ? `  ${bodyEnd}\n` : ''}  </body>`);
}
