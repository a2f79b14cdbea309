/**
 * westbridge write-site (in a checkout: npm run write-site [-- --out <dir>])
 * Writes every page of every language with its final bytes into dist/site (or <dir>),
 * for the settings in the environment (SITE_URL, ANALYTICS_*, NEWSLETTER_PROVIDER), with
 * the nginx settings that serve them (docs/decisions/0026-the-language-in-the-address.md).
 * Run it again with a deployment's settings, and once a year (the footer's year), then reload nginx.
 *
 * Without SITE_URL it refuses and writes nothing: files written for http://localhost would
 * replace a deployment's (canonical links at once, HSTS at nginx's next reload). Only
 * `npm run build` writes them for the defaults, naming its build with `--build <dir>`, so that
 * `npm install && npm start` works with no settings.
 *
 * `--if-due` writes only when a news entry's date has come since the files were written, a new
 * year began, or they are missing: what deploy/systemd/westbridge-publish.timer runs every 15
 * minutes, so a dated entry appears without a command (docs/decisions/0046-news-entries.md).
 * nginx needs no reload for it. `--at <ISO time>` writes the site as it is at that time (a
 * test, a preview).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adminSiteFiles } from './admin/admin-page';
import { loadConfig } from './config';
import { PageStore } from './documents/page-store';
import { newsletterProviderRules } from './newsletter/providers';
import { siteFilesPublishedNow, writeSiteFiles } from './pages/site-files';
import { pageSettingsOf, siteFileSettingsOf } from './pages/site-settings';
import { distDir } from './paths';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    build: { type: 'string' },
    'if-due': { type: 'boolean' },
    at: { type: 'string' },
  },
});
if (!values.build && !process.env.SITE_URL?.trim()) {
  console.error(
    "Cannot write the site: SITE_URL is not set, and page files for http://localhost would replace the deployment's. " +
      'In production run "westbridge write-site", which reads /etc/westbridge/westbridge.env; elsewhere give the ' +
      "deployment's settings, e.g. SITE_URL=https://www.example.com npm run write-site. Nothing was written.",
  );
  process.exit(1);
}
try {
  // Run with the instances' settings file, which leaves HOST to each instance (docs/operations.md, "Production install").
  const config = loadConfig(process.env, () => {}, { listens: false, newsletterProviders: newsletterProviderRules });
  const build = values.build ? path.resolve(values.build) : distDir;
  const out = path.resolve(values.out ?? path.join(build, 'site'));
  const at = values.at === undefined ? new Date() : new Date(values.at);
  if (Number.isNaN(at.getTime())) throw new Error(`--at ${values.at} is no time (2026-12-30T09:00+01:00)`);
  const pages = await PageStore.load(path.join(build, 'pages'), pageSettingsOf(config), () => at);
  const where = path.relative(process.cwd(), out) || '.';
  if (values['if-due'] && (await siteFilesPublishedNow(out, pages, at))) {
    console.log(`The files in ${where} show every news entry published by now and this year: nothing to write.`);
  } else {
    const folders = { site: out, client: path.join(build, 'client') };
    const settings = siteFileSettingsOf(config);
    const admin = await adminSiteFiles(path.join(build, 'admin'), config.cms, settings.https);
    const { pages: count } = await writeSiteFiles(pages, folders, settings, at, admin);
    console.log(`Wrote ${count} pages for ${config.siteUrl} into ${where}.`);
  }
} catch (error) {
  console.error(`Cannot write the site: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
