import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { hydrateInTurns } from '../components/hydrate-in-turn';
import { createBrowserI18n } from '../features/i18n/create-browser-i18n';
import { createRoutes, layoutNamespaces } from './routes';
import './preact-effect-timing';
import './styles.css';

/** Loads the code and texts of the routes on screen, so hydration finds them ready. */
async function resolveLazyRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Root element not found');

  const i18n = await createBrowserI18n(layoutNamespaces);
  const routes = createRoutes(i18n);
  await resolveLazyRoutes(routes);
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>
  );

  // The server sent this page in the language it negotiated. When the browser's
  // own choice differs (rare: a stored language without its cookie), render
  // afresh in that language instead of hydrating text that no longer matches.
  if (container.hasChildNodes() && i18n.resolvedLanguage === document.documentElement.lang) {
    hydrateInTurns(() => hydrateRoot(container, app));
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start();
