/**
 * Bench section "admin" (docs/decisions/0057-git-based-cms.md), in a copy of the project: the
 * public pages' bytes with the editor at /admin/ beside the same build without it, and the time
 * from a published change to new page files as deploy/bin/westbridge-live makes them (content
 * checks, then the build), for the About lead in three languages and for a photograph in place
 * of a gallery picture. The timer's wait before its run (at most two minutes) comes on top.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatJsonFile } from '../../common/json-file';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { measurePages, total, type PageBundle } from '../bundle-report';
import { photoLikeJpeg } from '../pictures/photo-like';
import { pictureCacheDir } from '../pictures/picture-cache';
import { buildProject, copyProject } from '../pictures/photo-site';
import type { BenchGoal, BenchSection } from './sections';
import { goalsTable, kb, table } from './support';

/** The route's bytes (scripts and styles, gzip) by page and language. */
const bytesOf = (bundles: PageBundle[]) =>
  new Map(
    bundles.map((bundle) => [`${bundle.path} (${bundle.lng})`, total([...bundle.scripts, ...bundle.styles]).gzip]),
  );
const homeJs = (bundles: PageBundle[]) =>
  Math.max(...bundles.filter((bundle) => bundle.path === '/').map((bundle) => total(bundle.scripts).gzip));

/** Seconds a published change takes to become page files: the content checks, then the build. */
async function publish(site: string, env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const check = spawnSync(process.execPath, ['scripts/check-content.mjs', '--no-build'], {
    cwd: site,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`check:content refused the change:\n${check.stdout}${check.stderr}`);
  await buildProject(site, env);
  return (performance.now() - started) / 1000;
}
const leadOf = (lng: string) => `Ein neuer Vorspann aus dem Editor, Fassung ${lng.toUpperCase()}`;

export const adminSection: BenchSection = {
  id: 'admin',
  title: 'The editor at /admin/: public pages untouched, and from a publish to new page files',
  async run({ root }) {
    const site = await copyProject(root, 'bench-admin-');
    // What the content checks read besides the build's files: Prettier's and Vitest's configuration.
    for (const file of ['.prettierrc.json', '.prettierignore', 'vitest.config.ts'])
      await cp(path.join(root, file), path.join(site, file));
    const cacheDir = path.join(site, '.tmp/picture-cache');
    if (existsSync(pictureCacheDir(root))) await cp(pictureCacheDir(root), cacheDir, { recursive: true });
    const env = { PICTURE_CACHE_DIR: cacheDir };
    try {
      for (const lng of languageCodes) {
        const file = path.join(site, `src/content/locales/${lng}/about.json`);
        const about = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
        await writeFile(file, formatJsonFile({ ...about, lead: leadOf(lng) }));
      }
      const textSeconds = await publish(site, env);
      const aboutPage = await readFile(path.join(site, 'dist/site/about.html'), 'utf8');
      if (!aboutPage.includes(leadOf(defaultLanguage)))
        throw new Error('the About page file does not show the new lead');

      await writeFile(path.join(site, 'src/content/images/bench-admin-cocoa.jpg'), await photoLikeJpeg({ seed: 7 }));
      const dataFile = path.join(site, 'src/content/pictures.json');
      const data = JSON.parse(await readFile(dataFile, 'utf8')) as { imports: Record<string, { file: string }> };
      if (!data.imports.cocoa) throw new Error('src/content/pictures.json names no imports.cocoa');
      data.imports.cocoa.file = 'bench-admin-cocoa.jpg';
      await writeFile(dataFile, formatJsonFile(data));
      const photoSeconds = await publish(site, env);
      const made = readdirSync(path.join(site, 'dist/client/assets')).filter((file) =>
        /^bench-admin-cocoa-.*\.(avif|webp)$/.test(file),
      );
      if (!made.some((file) => file.endsWith('.avif')) || !made.some((file) => file.endsWith('.webp')))
        throw new Error('the photograph was not made into AVIF and WebP');
      // The pages with the editor, and below without it, both of the same texts and pictures.
      const withAdmin = measurePages(path.join(site, 'dist'));
      const adminDir = path.join(site, 'dist/admin/assets');
      const adminJs = readdirSync(adminDir)
        .filter((file) => file.endsWith('.js.gz'))
        .reduce((sum, file) => sum + statSync(path.join(adminDir, file)).size, 0);

      // The same site without the editor: src/admin gone, its build step making an empty folder.
      await rm(path.join(site, 'src/admin'), { recursive: true, force: true });
      const build = path.join(site, 'scripts/build.mjs');
      const script = await readFile(build, 'utf8');
      const adminStep = /^(\s*)\[bin\('vite'\), 'build', '--config', 'vite\.admin\.config\.ts'.*\],$/m;
      if (!adminStep.test(script)) throw new Error('scripts/build.mjs has no step building vite.admin.config.ts');
      const emptyFolder = `$1[process.execPath, '-e', 'require("node:fs").mkdirSync(process.argv[1])', path.join(out, 'admin')],`;
      await writeFile(build, script.replace(adminStep, emptyFolder));
      await buildProject(site, env);
      const without = measurePages(path.join(site, 'dist'));

      const [a, b] = [bytesOf(withAdmin), bytesOf(without)];
      const differing = [...a].filter(([page, bytes]) => b.get(page) !== bytes).map(([page]) => page);
      const homeDifference = Math.abs(homeJs(withAdmin) - homeJs(without));
      const goals: BenchGoal[] = [
        {
          goal: 'home initial JS within 1 KB of the build without /admin/',
          measured: `${kb(homeJs(withAdmin))} vs ${kb(homeJs(without))}`,
          met: homeDifference <= 1024,
        },
        {
          goal: 'every public page’s scripts and styles as without /admin/',
          measured: differing.length
            ? `${differing.length} differ: ${differing.slice(0, 5).join(', ')}`
            : `all ${a.size} the same`,
          met: differing.length === 0 && a.size === b.size,
        },
        {
          goal: 'a published text is in the page files within 10 minutes (with 2 min of timer wait)',
          measured: `${textSeconds.toFixed(0)} s + ≤ 120 s`,
          met: textSeconds + 120 < 600,
        },
        {
          goal: 'a published photograph is AVIF and WebP within 10 minutes (with 2 min of timer wait)',
          measured: `${photoSeconds.toFixed(0)} s + ≤ 120 s`,
          met: photoSeconds + 120 < 600,
        },
      ];
      const markdown = [
        table(
          ['measured', 'figure'],
          [
            ['/admin/ scripts (gzip, every chunk)', kb(adminJs)],
            ['public pages measured (page × language)', a.size],
            ['home initial JS (gzip), with / without /admin/', `${kb(homeJs(withAdmin))} / ${kb(homeJs(without))}`],
            ['from the merge to new page files: one text in 3 languages', `${textSeconds.toFixed(1)} s`],
            ['from the merge to new page files: one photograph', `${photoSeconds.toFixed(1)} s`],
          ],
        ),
        '',
        'Both times are the content checks and the build, as `deploy/bin/westbridge-live` runs them; the timer starts it at most two minutes after a merge.',
        'The public pages load the same bytes with and without the editor, so their Lighthouse figures (section "lighthouse") do not move with it.',
        '',
        goalsTable(goals),
      ].join('\n');
      return {
        markdown,
        goals,
        data: { adminJs, homeJs: [homeJs(withAdmin), homeJs(without)], textSeconds, photoSeconds, differing },
      };
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  },
};
