/**
 * npm run write-site [-- --out <dir>]
 * Writes every page of every language with its final bytes into dist/site (or <dir>),
 * for the settings in the environment (SITE_URL, ANALYTICS_*, NEWSLETTER_PROVIDER), with
 * the nginx settings that serve them (docs/decisions/0026-the-language-in-the-address.md).
 * `npm run build` runs it; run it again with a deployment's settings, and once a year
 * (the footer's year), then reload nginx.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adminSiteFiles } from './admin/admin-page';
import { loadConfig } from './config';
import { PageStore } from './documents/page-store';
import { writeSiteFiles } from './pages/site-files';
import { pageSettingsOf, siteFileSettingsOf } from './pages/site-settings';
import { distDir } from './paths';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
try {
  // Run with the instances' settings file, which leaves HOST to each instance (docs/operations.md, "Production install").
  const config = loadConfig(process.env, () => {}, { listens: false });
  const out = path.resolve(values.out ?? path.join(distDir, 'site'));
  const pages = await PageStore.load(path.join(distDir, 'pages'), pageSettingsOf(config));
  const folders = { site: out, client: path.join(distDir, 'client') };
  const settings = siteFileSettingsOf(config);
  const admin = await adminSiteFiles(path.join(distDir, 'admin'), config.cms, settings.https);
  const { pages: count } = await writeSiteFiles(pages, folders, settings, new Date(), admin);
  console.log(`Wrote ${count} pages for ${config.siteUrl} into ${path.relative(process.cwd(), out) || '.'}.`);
} catch (error) {
  console.error(`Cannot write the site: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
