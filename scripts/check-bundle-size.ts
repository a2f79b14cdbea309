/**
 * The size budget of `npm test`: the home page's initial JavaScript must stay
 * within 150 KB gzip in every language, load the texts of its own language only,
 * and no legal text may reach it. A size
 * check, not a timed one; `npm run bench` reports it against the 110 KB goal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { budgets, isLegalTexts, kilobytes, measurePages, textsLanguage, total } from './bundle-report';

const distDir = path.resolve(import.meta.dirname, '../dist');
const listFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
const homePages = measurePages(distDir).filter((page) => page.path === '/');
const failures: string[] = [];

for (const page of homePages) {
  const js = total(page.scripts).gzip;
  console.log(
    `home (${page.lng}): initial JavaScript ${kilobytes(js)} gzip in ${page.scripts.length} files (limit ${kilobytes(budgets.homeInitialJsHardLimit)})`,
  );
  if (js > budgets.homeInitialJsHardLimit) {
    failures.push(
      `home (${page.lng}) loads ${kilobytes(js)} of JavaScript (gzip), over the ${kilobytes(budgets.homeInitialJsHardLimit)} limit`,
    );
  }
  const otherLanguages = page.scripts.filter(
    (file) => textsLanguage(file) !== null && textsLanguage(file) !== page.lng,
  );
  if (otherLanguages.length)
    failures.push(
      `home (${page.lng}) loads texts of another language: ${otherLanguages.map((file) => file.source).join(', ')}`,
    );
  const legal = page.scripts.filter(isLegalTexts);
  if (legal.length) failures.push(`home (${page.lng}) loads legal texts: ${legal.map((file) => file.file).join(', ')}`);
}
// The browser runs React DOM itself (docs/decisions/0015-islands-of-react.md): its version is in the home page's scripts, and no other runtime is anywhere in the build.
const homeScripts = homePages.flatMap((page) =>
  page.scripts.map((file) => readFileSync(path.join(distDir, 'client', file.file), 'utf8')),
);
if (
  !homeScripts.some(
    (source) => /rendererPackageName:\s*[`"']react-dom/.test(source) && /[`"']19\.\d+\.\d+[`"']/.test(source),
  )
) {
  failures.push('the home page does not load React DOM 19');
}
const preact = listFiles(distDir).filter((file) => /preact/i.test(readFileSync(file, 'latin1')));
if (preact.length)
  failures.push(`Preact is in the build: ${preact.map((file) => path.relative(distDir, file)).join(', ')}`);

if (homePages.length === 0) failures.push('no prerendered home page found in dist/pages: run npm run build first');

if (failures.length) {
  for (const failure of failures) console.error(`Size budget: ${failure}`);
  process.exit(1);
}
