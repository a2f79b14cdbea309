// npm run check:content: the checks that concern what editors change (docs/editing.md), run on
// every pull or merge request the editor at /admin/ opens (.github/workflows/content.yml,
// .gitlab-ci.yml, .forgejo/workflows/content.yml), here as there. Stops at the first that fails.
//
//   formatting   the content files as Prettier writes them
//   texts        parity of the three languages, placeholders and tags, typography and terms,
//                facts in texts, page titles and descriptions within what search results show,
//                the editor's configuration against the locale files, the company's facts, the pictures' data,
//                every news slug recorded (src/content/news/slugs.json)
//   build        the whole site, pictures included (npm run build)
import { spawnSync } from 'node:child_process';
import { runOnNode24 } from './node-24.mjs';

runOnNode24(['run', 'check:content', '--', ...process.argv.slice(2)]);

// --no-build: the checks without the build, for deploy/bin/westbridge-live, whose release builds next.
const build = !process.argv.includes('--no-build');

/** What editors change: the texts, the company's facts, the pictures and their data. */
const contentFiles = ['src/content', 'common/company.json'];

/** The unit checks of the content, by file (each says what it holds). */
const contentChecks = [
  'src/content/locales/locales.test.ts',
  'src/content/locales/page-names.test.ts',
  'src/content/locales/text-facts.test.ts',
  'src/content/locales/text-guards.test.ts',
  'src/content/locales/typography.test.ts',
  'src/content/jobs/jobs.test.ts',
  'src/app/page-meta-length.test.ts',
  'src/app/consent-texts.test.tsx',
  'src/admin/cms-config.test.ts',
  'common/company.test.ts',
  'src/content/picture-data.test.ts',
  'scripts/news/slugs.test.ts',
];

const steps = [
  ['formatting', 'npx', ['prettier', '--check', ...contentFiles]],
  ['texts', 'npx', ['vitest', 'run', ...contentChecks]],
  ...(build ? [['build', 'npm', ['run', 'build']]] : []),
];

for (const [name, command, args] of steps) {
  console.log(`\ncheck:content – ${name}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`check:content: ${name} failed (above). Nothing of this change may be published until it passes.`);
    process.exit(status ?? 1);
  }
}
console.log('\ncheck:content: every check passed.');
