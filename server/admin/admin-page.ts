/**
 * The page at /admin/ that loads the editor (src/admin/main.tsx, built into dist/admin), with the
 * deployment's settings as JSON and headers of its own: a Content-Security-Policy as strict as
 * Decap CMS allows (its styles are injected at run time, so style-src needs 'unsafe-inline'
 * here, never on the public pages), `X-Robots-Tag: noindex`, and an opener policy that lets the
 * Git host's sign-in window report back. Unset settings give a page saying that editing is not
 * set up, with no script at all. Instances send it (admin-routes.ts) and write-site writes it for
 * nginx (dist/site/admin/index.html with nginx/admin.conf).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cmsConnectSources, type CmsSettings } from '../../common/cms-settings';
import { company } from '../../common/company';
import { securityHeaders } from '../http/security-headers';

/** Where the editor is served: its page, and the files of its build under `assets/`. */
export const adminPrefix = '/admin/';

/** The editor's entry in its build's manifest (vite.admin.config.ts). */
const entryModule = 'src/admin/main.tsx';

export interface AdminBuild {
  script: string;
  styles: string[];
}

/** The built editor's script and styles, as its manifest names them; null when there is no build of it. */
export async function readAdminBuild(adminDir: string): Promise<AdminBuild | null> {
  let manifest: Record<string, { file: string; css?: string[] }>;
  try {
    manifest = JSON.parse(await readFile(path.join(adminDir, '.vite', 'manifest.json'), 'utf8')) as typeof manifest;
  } catch {
    return null;
  }
  const entry = manifest[entryModule];
  if (!entry) throw new Error(`${path.join(adminDir, '.vite', 'manifest.json')} has no ${entryModule}`);
  return { script: entry.file, styles: entry.css ?? [] };
}

/** The editor's Content-Security-Policy: its own files, and the Git host's API it talks to. */
export function adminContentSecurityPolicy(settings: CmsSettings | null, https: boolean): string {
  if (!settings) {
    return ["default-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');
  }
  const hosts = cmsConnectSources(settings);
  return [
    "default-src 'none'",
    "script-src 'self'",
    // Decap's interface (Emotion) and its preview frame put <style> elements into the page as they render.
    "style-src 'self' 'unsafe-inline'",
    // Pictures being uploaded are shown from blob: addresses before they are saved.
    ["img-src 'self' data: blob:", ...hosts].join(' '),
    "font-src 'self' data:",
    // Decap reads the pictures it keeps for a draft's local backup back from their blob: addresses.
    ["connect-src 'self' blob:", ...hosts].join(' '),
    // The preview is a frame of the page itself (about:blank); it loads nothing from elsewhere.
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The headers of the editor's page and files, beside the security headers every answer carries. */
export function adminHeaders(settings: CmsSettings | null, https: boolean): Record<string, string> {
  return {
    ...securityHeaders({ https }),
    'content-security-policy': adminContentSecurityPolicy(settings, https),
    'x-robots-tag': 'noindex, nofollow',
    // The Git host's sign-in opens a window that reports back to this page: it must keep its opener.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'referrer-policy': 'same-origin',
  };
}

/** JSON inside a <script>: no `</script>` or `<!--` can end or change it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page at /admin/: the editor, or the sentence that editing is not set up (German: the editors' language). */
export function adminPageHtml(settings: CmsSettings | null, build: AdminBuild | null): string {
  const title = `Redaktion – ${company.shortName}`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="same-origin">',
    `<title>${escapeText(title)}</title>`,
  ];
  if (!settings || !build) {
    const reason = settings
      ? 'Der Editor ist in diesem Build nicht enthalten: Führen Sie „npm run build“ aus.'
      : 'Die Website ist noch nicht mit dem Git-Server des Unternehmens verbunden. Der Betrieb richtet das mit den Einstellungen CMS_BACKEND, CMS_REPOSITORY, CMS_BRANCH und CMS_AUTH_URL ein (docs/editing.md).';
    return `<!doctype html>
<html lang="de">
<head>
${head.join('\n')}
</head>
<body>
<main>
<h1>Die Bearbeitung ist nicht eingerichtet</h1>
<p>${escapeText(reason)}</p>
</main>
</body>
</html>
`;
  }
  return `<!doctype html>
<html lang="de">
<head>
${[
  ...head,
  ...build.styles.map((file) => `<link rel="stylesheet" href="${adminPrefix}${file}">`),
  `<script type="application/json" id="cms-settings">${scriptJson(settings)}</script>`,
  `<script type="module" src="${adminPrefix}${build.script}"></script>`,
].join('\n')}
</head>
<body>
<noscript>Die Redaktion braucht JavaScript.</noscript>
</body>
</html>
`;
}

/** nginx's quoting for a header's value. */
const quoted = (value: string) => `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;

/**
 * The editor's files among the site's (server/write-site.ts): its page, and the headers nginx
 * sends with it and with its built files (deploy/nginx/westbridge.conf includes nginx/admin.conf).
 */
export async function adminSiteFiles(
  adminDir: string,
  settings: CmsSettings | null,
  https: boolean,
): Promise<{ file: string; content: string }[]> {
  const build = settings ? await readAdminBuild(adminDir) : null;
  const headers = Object.entries(adminHeaders(settings, https)).map(
    ([name, value]) => `add_header ${name} ${quoted(value)} always;`,
  );
  return [
    { file: 'admin/index.html', content: adminPageHtml(settings, build) },
    {
      file: 'nginx/admin.conf',
      content: [
        '# Written by `npm run write-site`: the headers of the editor at /admin/ (server/admin/admin-page.ts).',
        ...headers,
        '',
      ].join('\n'),
    },
  ];
}
