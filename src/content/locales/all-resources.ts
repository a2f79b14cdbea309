import type { Resource, ResourceKey } from 'i18next';

// Every text of every language, loaded eagerly: for the prerenderer and tests
// only. The browser loads namespaces one by one through load-namespace.ts.
const files = import.meta.glob<{ default: ResourceKey }>('./*/*.json', { eager: true });

export const allResources: Resource = {};
for (const [file, module] of Object.entries(files)) {
  const match = /^\.\/([a-z]{2})\/([a-z-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, lng = '', ns = ''] = match;
  allResources[lng] = { ...allResources[lng], [ns]: module.default };
}
