/**
 * npm run settings:docs: writes the settings table of docs/configuration.md and the README's
 * list of settings (each between its markers) and .env.example from the settings' schema
 * (server/config/settings.ts).
 * scripts/settings-docs.test.ts fails when the files differ from what this writes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import prettier from 'prettier';
import { envExample, indexMarkers, settingsIndex, settingsTable, withSettingsTable } from '../server/config/docs';
import { settings } from '../server/config/settings';
import { newsletterProviderRules } from '../server/newsletter/providers';

export const files = {
  configuration: new URL('../docs/configuration.md', import.meta.url),
  envExample: new URL('../.env.example', import.meta.url),
  readme: new URL('../README.md', import.meta.url),
};

const context = { newsletterProviders: newsletterProviderRules };

/** Markdown as Prettier writes it at `url`. */
async function formatted(markdown: string, url: URL): Promise<string> {
  const path = fileURLToPath(url);
  return prettier.format(markdown, { ...(await prettier.resolveConfig(path)), filepath: path });
}

/** What the three files should hold, given the configuration guide and the README as they are. */
export async function settingsDocs(
  configuration: string,
  readme: string,
): Promise<{ configuration: string; readme: string; envExample: string }> {
  const index = settingsIndex(settings, 'docs/configuration.md#settings');
  return {
    configuration: await formatted(
      withSettingsTable(configuration, settingsTable(settings, context)),
      files.configuration,
    ),
    readme: await formatted(withSettingsTable(readme, index, indexMarkers), files.readme),
    envExample: envExample(settings, context),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const made = await settingsDocs(await readFile(files.configuration, 'utf8'), await readFile(files.readme, 'utf8'));
  await writeFile(files.envExample, made.envExample);
  await writeFile(files.configuration, made.configuration);
  await writeFile(files.readme, made.readme);
  console.log("Wrote the settings table of docs/configuration.md, the README's list of settings and .env.example.");
}
