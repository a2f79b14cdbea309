import type { Page, Route } from '@playwright/test';

/**
 * Holds every request to `url` until the returned function is called, then lets it through
 * (or answers it with `then`): the page stays in its waiting state as long as a test needs.
 */
export async function holdRoute(
  page: Page,
  url: Parameters<Page['route']>[0],
  then: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await then(route);
  });
  return release;
}
