import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Language } from '../../common/languages';
import { createStaticI18n } from '../features/i18n/create-static-i18n';

/** Renders UI inside the providers of the real app: every text loaded, a memory router. */
export function renderWithProviders(ui: ReactNode, { lng = 'en', path = '/' }: { lng?: Language; path?: string } = {}) {
  const i18n = createStaticI18n(lng);
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
    ],
    { initialEntries: [path] },
  );
  const result: RenderResult = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...result, i18n, router };
}
