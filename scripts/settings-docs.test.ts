import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { files, settingsDocs } from './settings-docs';

// The settings' documentation is made from server/config/settings.ts: after changing it, run `npm run settings:docs`.
it(".env.example, the settings table of docs/configuration.md and the README's list are those the schema makes", async () => {
  const guide = await readFile(files.configuration, 'utf8');
  const readme = await readFile(files.readme, 'utf8');
  const made = await settingsDocs(guide, readme);
  expect(
    await readFile(files.envExample, 'utf8'),
    '.env.example differs from the schema: run npm run settings:docs',
  ).toBe(made.envExample);
  expect(guide, 'docs/configuration.md differs from the schema: run npm run settings:docs').toBe(made.configuration);
  expect(readme, "the README's list of settings differs from the schema: run npm run settings:docs").toBe(made.readme);
});
