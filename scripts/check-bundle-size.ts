/**
 * The size budget of `npm test` (Performance issue): the home page's initial
 * JavaScript must stay within 100 KB gzip in every language. A size check, not
 * a timed one; `npm run bench` reports every other figure.
 */
import path from 'node:path';
import { budgets, isLegalTexts, kilobytes, measurePages, total } from './bundle-report';

const distDir = path.resolve(import.meta.dirname, '../dist');
const homePages = measurePages(distDir).filter((page) => page.path === '/');
const failures: string[] = [];

for (const page of homePages) {
  const js = total(page.scripts).gzip;
  console.log(`home (${page.lng}): initial JavaScript ${kilobytes(js)} gzip in ${page.scripts.length} files (limit ${kilobytes(budgets.homeInitialJsHardLimit)})`);
  if (js > budgets.homeInitialJsHardLimit) {
    failures.push(`home (${page.lng}) loads ${kilobytes(js)} of JavaScript (gzip), over the ${kilobytes(budgets.homeInitialJsHardLimit)} limit`);
  }
  const legal = page.scripts.filter(isLegalTexts);
  if (legal.length) failures.push(`home (${page.lng}) loads legal texts: ${legal.map((file) => file.file).join(', ')}`);
}
if (homePages.length === 0) failures.push('no prerendered home page found in dist/pages: run npm run build first');

if (failures.length) {
  for (const failure of failures) console.error(`Size budget: ${failure}`);
  process.exit(1);
}
