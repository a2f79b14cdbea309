import type { ResourceKey } from 'i18next';

// Each language and namespace becomes its own small chunk, so a visitor
// downloads only the texts of the language and pages they actually see.
const loaders = import.meta.glob<{ default: ResourceKey }>('./*/*.json');

export async function loadNamespace(lng: string, ns: string): Promise<ResourceKey> {
  const load = loaders[`./${lng}/${ns}.json`];
  if (!load) throw new Error(`No translations for ${lng}/${ns}`);
  return (await load()).default;
}
