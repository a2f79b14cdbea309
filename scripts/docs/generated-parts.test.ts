import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../common/api-paths';
import { languages } from '../../common/languages';
import { localizedPath } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { contractFile, withGeneratedParts } from './generated-parts';

describe('docs/contract.md', () => {
  const text = readFileSync(contractFile, 'utf8');

  it('holds the pages and storage keys the code has (npm run docs:contract writes them)', async () => {
    expect(text).toBe(await withGeneratedParts(text));
  });

  it('gives every page of the registry its address in every language', () => {
    const pages = text.slice(text.indexOf('<!-- pages:begin -->'), text.indexOf('<!-- pages:end -->'));
    for (const page of sitePages)
      for (const language of languages) expect(pages).toContain(`\`${localizedPath(page.path, language.code)}\``);
  });

  it('describes every address of the server that is not a page', () => {
    const api = text.slice(text.indexOf('\n## API'), text.indexOf('\n## ', text.indexOf('\n## API') + 1));
    for (const address of Object.values(apiPaths)) expect(api, address).toContain(`${address}`);
  });

  it('refuses a file whose markers are gone, naming them', async () => {
    await expect(withGeneratedParts('# A contract without its parts\n')).rejects.toThrow('<!-- pages:begin -->');
  });
});
