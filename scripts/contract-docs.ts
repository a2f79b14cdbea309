/**
 * npm run docs:contract: writes the generated parts of docs/contract.md (the pages at their
 * addresses, what the site keeps in the browser) from the code (scripts/docs/generated-parts.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { contractFile, withGeneratedParts } from './docs/generated-parts';

const before = readFileSync(contractFile, 'utf8');
const after = await withGeneratedParts(before);
writeFileSync(contractFile, after);
console.log(after === before ? 'docs/contract.md was up to date.' : 'Wrote the generated parts of docs/contract.md.');
