import type { i18n } from 'i18next';
import { startTransition } from 'react';
import type * as ReactDomClientModule from 'react-dom/client';
import { defaultLanguage, isLanguage, type Language } from '../../common/languages';
import { isIslandName, loadIsland } from './islands';
import { IslandRoot } from './islands/island-root';
import './styles.css';

type ReactDomClient = typeof ReactDomClientModule;

/** Lets the browser handle input and paint before the next piece of start-up work. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Hydrates one island as a React root of its own, once its code and texts are
 * here (its data is in its props). Inside a transition, so React hydrates in
 * slices and the browser can handle a tap in between.
 */
async function hydrateIsland(
  element: HTMLElement,
  reactDom: ReactDomClient,
  i18n: i18n,
  onHydrated: () => void,
): Promise<void> {
  const name = element.dataset.island;
  if (!isIslandName(name)) throw new Error(`Unknown island: ${name}`);
  const module = await loadIsland(name);
  await i18n.loadNamespaces([...(module.namespaces ?? [])]);
  // Plain data written by the prerenderer for this component.
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  const Component = module.default;
  let hydrated = false;
  // Once, though development's strict mode runs effects twice.
  const onceHydrated = () => {
    if (hydrated) return;
    hydrated = true;
    onHydrated();
  };
  const island = (
    <IslandRoot i18n={i18n} onHydrated={onceHydrated}>
      <Component {...props} />
    </IslandRoot>
  );
  const options = { identifierPrefix: element.dataset.islandId };
  startTransition(() => {
    reactDom.hydrateRoot(element, island, options);
  });
}

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  const lang = document.documentElement.lang;
  const lng: Language = isLanguage(lang) ? lang : defaultLanguage;

  // React DOM and i18next are the two largest scripts of the page: each is evaluated in a
  // task of its own (the page preloaded both), so neither holds up a tap for the other's time.
  const reactDom = await import('react-dom/client');
  await nextTask();
  const { createBrowserI18n } = await import('../features/i18n/create-browser-i18n');
  const i18n = await createBrowserI18n(lng);

  const islands = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  let waiting = islands.length;
  // Marks the page interactive: CSS and tests can tell a hydrated page from static HTML.
  const onHydrated = () => {
    if (--waiting === 0) document.documentElement.dataset.appReady = '';
  };
  await Promise.all(islands.map((element) => hydrateIsland(element, reactDom, i18n, onHydrated)));
}

void start();
