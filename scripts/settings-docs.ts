/**
 * npm run settings:docs: writes the settings table of docs/configuration.md (between its
 * markers) and .env.example from the settings' schema (server/config/settings.ts).
 * scripts/settings-docs.test.ts fails when the files differ from what this writes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import { envExample, settingsTable, withSettingsTable } from '../server/config/docs';
import { settings } from '../server/config/settings';
import { newsletterProviderRules } from '../server/newsletter/providers';

export const files = {
  configuration: new URL('../docs/configuration.md', import.meta.url),
  envExample: new URL('../.env.example', import.meta.url),
};

const context = { newsletterProviders: newsletterProviderRules };

/** What the two files should hold, given the configuration guide as it is. */
export async function settingsDocs(configuration: string): Promise<{ configuration: string; envExample: string }> {
  const path = fileURLToPath(files.configuration);
  const markdown = withSettingsTable(configuration, settingsTable(settings, context));
  const options = await prettier.resolveConfig(path);
  return {
    configuration: await prettier.format(markdown, { ...options, filepath: path }),
    envExample: envExample(settings, context),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const made = await settingsDocs(await readFile(files.configuration, 'utf8'));
  await writeFile(files.envExample, made.envExample);
  await writeFile(files.configuration, made.configuration);
  console.log('Wrote the settings table of docs/configuration.md and .env.example.');
}
