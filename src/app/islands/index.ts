import type { ComponentType } from 'react';
import type { IslandModule } from './island-module';

/**
 * Every island the pages use. Each module is a chunk of its own, loaded only on
 * pages that have the island; its source is `src/app/islands/<name>.tsx`.
 */
export const islandLoaders = {
  'header-controls': () => import('./header-controls'),
  'cookie-banner': () => import('./cookie-banner'),
  'cookie-settings': () => import('./cookie-settings'),
  'newsletter-popup': () => import('./newsletter-popup'),
  'opt-in-token-action': () => import('./opt-in-token-action'),
  carousel: () => import('./carousel'),
  'contact-form': () => import('./contact-form'),
  'job-board': () => import('./job-board'),
} satisfies Record<string, () => Promise<IslandModule<never>>>;

export type IslandName = keyof typeof islandLoaders;

type ModuleOf<Name extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[Name]>>;

/** The props of an island's component: plain data, written into the page for the browser. */
export type IslandProps<Name extends IslandName> =
  ModuleOf<Name>['default'] extends ComponentType<infer Props> ? Props : never;

/** An island's module where only its name is known; each component gets the props its `<Island>` was given. */
type AnyIslandModule = IslandModule<object>;

export function isIslandName(name: unknown): name is IslandName {
  return typeof name === 'string' && Object.hasOwn(islandLoaders, name);
}

export function loadIsland(name: IslandName): Promise<AnyIslandModule> {
  // Props were type-checked where the island was placed (`<Island name props>`); from here on they are passed through.
  return islandLoaders[name]() as unknown as Promise<AnyIslandModule>;
}

/** The module of an island, as Vite's build manifest names it. */
export const islandSource = (name: IslandName) => `src/app/islands/${name}.tsx`;

export type LoadedIslands = Readonly<Record<IslandName, AnyIslandModule>>;

/** Every island module, loaded: for rendering pages at build time, and in tests. */
export async function loadAllIslands(): Promise<LoadedIslands> {
  const names = Object.keys(islandLoaders) as IslandName[];
  const modules = await Promise.all(names.map(loadIsland));
  return Object.fromEntries(names.map((name, index) => [name, modules[index]])) as Record<IslandName, AnyIslandModule>;
}
