/**
 * npm run write-site [-- --out <dir>] [-- --if-due] [-- --at <time>]
 * Writes every page of every language with its final bytes into dist/site (or <dir>),
 * for the settings in the environment (SITE_URL, ANALYTICS_*, NEWSLETTER_PROVIDER), with
 * the nginx settings that serve them (docs/decisions/0026-the-language-in-the-address.md).
 * `npm run build` runs it; run it again with a deployment's settings, and once a year
 * (the footer's year), then reload nginx.
 *
 * `--if-due` writes only when a news entry's date has come since the files were written, a new
 * year began, or they are missing: what deploy/systemd/westbridge-publish.timer runs every 15
 * minutes, so a dated entry appears without a command (docs/decisions/XXXX-news-entries.md). nginx needs
 * no reload for it. `--at <ISO time>` writes the site as it is at that time (a test, a preview).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { PageStore } from './documents/page-store';
import { siteFilesPublishedNow, writeSiteFiles } from './pages/site-files';
import { pageSettingsOf, siteFileSettingsOf } from './pages/site-settings';
import { distDir } from './paths';

const { values } = parseArgs({
  options: { out: { type: 'string' }, 'if-due': { type: 'boolean' }, at: { type: 'string' } },
});
try {
  // Run with the instances' settings file, which leaves HOST to each instance (docs/operations.md, "Production install").
  const config = loadConfig(process.env, () => {}, { listens: false });
  const out = path.resolve(values.out ?? path.join(distDir, 'site'));
  const at = values.at === undefined ? new Date() : new Date(values.at);
  if (Number.isNaN(at.getTime())) throw new Error(`--at ${values.at} is no time (2026-12-30T09:00+01:00)`);
  const pages = await PageStore.load(path.join(distDir, 'pages'), pageSettingsOf(config), () => at);
  const where = path.relative(process.cwd(), out) || '.';
  if (values['if-due'] && (await siteFilesPublishedNow(out, pages, at))) {
    console.log(`The files in ${where} show every news entry published by now and this year: nothing to write.`);
  } else {
    const folders = { site: out, client: path.join(distDir, 'client') };
    const { pages: count } = await writeSiteFiles(pages, folders, siteFileSettingsOf(config), at);
    console.log(`Wrote ${count} pages for ${config.siteUrl} into ${where}.`);
  }
} catch (error) {
  console.error(`Cannot write the site: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
