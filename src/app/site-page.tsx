import type { i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { HeaderPictureContext } from '../components/page-header';
import { IslandContext, type IslandRendering } from './islands/island';
import { PageContext, type PageInfo } from './page-context';
import { headerPictureOf } from './page-pictures';
import { RootLayout } from './root-layout';

/**
 * A page as the site renders it: its texts, what it knows of itself, its islands and its header
 * picture, in the root layout. The build (entry-prerender.tsx) and the editor's preview
 * (src/admin/page-preview.tsx) both render this tree, so the preview is the page by construction.
 * `Page` is the page's component (pageComponent in pages.ts), looked up once by the caller.
 */
export function SitePage({
  i18n,
  page,
  Page,
  islands,
}: {
  i18n: I18n;
  page: PageInfo;
  Page: ComponentType;
  islands: IslandRendering;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <PageContext value={page}>
        <IslandContext value={islands}>
          <HeaderPictureContext value={headerPictureOf(page.pageId, i18n.t)}>
            <RootLayout>
              <Page />
            </RootLayout>
          </HeaderPictureContext>
        </IslandContext>
      </PageContext>
    </I18nextProvider>
  );
}
