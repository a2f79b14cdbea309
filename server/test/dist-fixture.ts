import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { formResults } from '../../common/form-results';
import { languageCodes } from '../../common/languages';
import { analyticsAttribute, currentYearPlaceholder, siteUrlPlaceholder } from '../../common/page-placeholders';
import { alternativeEnd, alternativeStart, servedSettings } from '../../common/served-settings';
import { findPage } from '../../common/site-pages';
import { securityTxt, securityTxtPath } from '../http/security-txt';
import type { PageManifest, PageManifestEntry } from '../documents/page-manifest';

export interface DistFixture {
  dir: string;
  remove(): void;
}

/** One paragraph per value of each served setting, as the build marks them: `<p>analytics-provider: matomo</p>`. */
const alternatives = Object.entries(servedSettings)
  .flatMap(([setting, values]) =>
    values.map(
      (value) => `${alternativeStart(setting, value)}<p>${setting}: ${value}</p>${alternativeEnd(setting, value)}`,
    ),
  )
  .join('');

const page = (lng: string, title: string) =>
  `<!doctype html><html lang="${lng}" data-site-url="${siteUrlPlaceholder}"${analyticsAttribute}><head><script>boot()</script>` +
  `<script type="module" crossorigin src="/assets/app-Ab12Cd34.js"></script><title>${title}</title>` +
  `<link rel="canonical" href="${siteUrlPlaceholder}/about"></head><body><div id="root"><h1>${title}</h1>${alternatives}<footer>© ${currentYearPlaceholder} Westbridge</footer></div></body></html>`;

/** The editor's entry module, as its build's manifest names it. */
const fixtureAdminEntry = 'src/admin/main.tsx';

/** The one job variant of the fixture's jobs page, an id of the built-in jobs' shape (docs/product.md#jobs) that no real job needs to have. */
export const fixtureJobId = 'job-900';

/**
 * A small build output for server tests: /, /about, /jobs with one variant,
 * the 404 page and every form result page, in every language, plus one hashed asset, the icons and security.txt,
 * and the editor's build (dist/admin).
 */
export function createDistFixture(): DistFixture {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-fixture-'));
  const entries: PageManifestEntry[] = [];
  const add = (entry: PageManifestEntry, title: string) => {
    mkdirSync(path.dirname(path.join(dir, 'pages', entry.file)), { recursive: true });
    writeFileSync(path.join(dir, 'pages', entry.file), page(entry.lng, title));
    entries.push(entry);
  };
  for (const lng of languageCodes) {
    add({ id: 'home', path: '/', lng, variant: {}, file: `${lng}/home.html`, status: 200 }, `home ${lng}`);
    add({ id: 'about', path: '/about', lng, variant: {}, file: `${lng}/about.html`, status: 200 }, `about ${lng}`);
    add({ id: 'jobs', path: '/jobs', lng, variant: {}, file: `${lng}/jobs.html`, status: 200 }, `jobs ${lng}`);
    add(
      {
        id: 'jobs',
        path: '/jobs',
        lng,
        variant: { job: fixtureJobId },
        file: `${lng}/jobs.job-${fixtureJobId}.html`,
        status: 200,
      },
      `${fixtureJobId} ${lng}`,
    );
    add(
      { id: 'not-found', path: null, lng, variant: {}, file: `${lng}/not-found.html`, status: 404 },
      `not found ${lng}`,
    );
    add(
      { id: 'unavailable', path: null, lng, variant: {}, file: `${lng}/unavailable.html`, status: 503 },
      `unavailable ${lng}`,
    );
    for (const status of formResults) {
      add(
        {
          id: 'form-result',
          path: findPage('form-result').path,
          lng,
          variant: { status },
          file: `${lng}/form-result.status-${status}.html`,
          status: 200,
        },
        `result ${status} ${lng}`,
      );
    }
  }
  const manifest: PageManifest = { generatedAt: new Date().toISOString(), pages: entries };
  writeFileSync(path.join(dir, 'pages', 'manifest.json'), JSON.stringify(manifest));

  const assets = path.join(dir, 'client', 'assets');
  mkdirSync(assets, { recursive: true });
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(path.join(assets, 'app-Ab12Cd34.js'), script);
  writeFileSync(path.join(assets, 'app-Ab12Cd34.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(assets, 'app-Ab12Cd34.js.gz'), gzipSync(script));
  writeFileSync(path.join(dir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The header of an ICO file with one image, enough to tell it from an HTML page.
  writeFileSync(path.join(dir, 'client', 'favicon.ico'), Buffer.from([0, 0, 1, 0, 1, 0]));
  mkdirSync(path.join(dir, 'client', '.well-known'));
  writeFileSync(path.join(dir, 'client', securityTxtPath), securityTxt(new Date()));
  // The editor's build (vite.admin.config.ts): its manifest, script and stylesheet.
  mkdirSync(path.join(dir, 'admin', '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'admin', 'assets'));
  writeFileSync(
    path.join(dir, 'admin', '.vite', 'manifest.json'),
    JSON.stringify({ [fixtureAdminEntry]: { file: 'assets/main-Ef56Gh78.js', css: ['assets/main-Ij90Kl12.css'] } }),
  );
  writeFileSync(path.join(dir, 'admin', 'assets', 'main-Ef56Gh78.js'), 'CMS.init();');
  writeFileSync(path.join(dir, 'admin', 'assets', 'main-Ij90Kl12.css'), 'body{}');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
