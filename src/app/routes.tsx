import type { i18n } from 'i18next';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { PageVariant } from '../../common/page-urls';
import { sitePages, type SitePage } from '../../common/site-pages';
import NotFoundPage from '../pages/not-found-page';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';

interface PageModule {
  default: ComponentType;
}

const pageModules = import.meta.glob<PageModule>(['../pages/*-page.tsx', '!../pages/not-found-page.tsx']);

/** The source file of a page, as the build manifest names it. */
export function pageSource(pageId: SitePage['id']): string {
  return `src/pages/${pageId}-page.tsx`;
}

/**
 * Translation namespaces a page needs besides its own (`id`) and the layout's:
 * features keep their texts in namespaces of their own.
 */
export const extraPageNamespaces: Partial<Record<SitePage['id'], readonly string[]>> = {
  home: ['carousel'],
};

/** Namespaces every page needs: the layout and the overlays it always shows. */
export const layoutNamespaces: readonly string[] = ['common'];

export function pageNamespaces(pageId: SitePage['id']): string[] {
  return [pageId, ...(extraPageNamespaces[pageId] ?? [])];
}

/**
 * Pages with variants chosen by search parameters (DESIGN difference 3: one
 * job on /jobs). Each variant is prerendered and has its own canonical link.
 */
const variantPages: Partial<Record<SitePage['id'], { params: readonly string[]; variants: () => PageVariant[] }>> = {};

/** The variants of a page that are prerendered besides the page itself. */
export function pageVariants(pageId: SitePage['id']): PageVariant[] {
  return variantPages[pageId]?.variants() ?? [];
}

/** The route tree. Each page is its own chunk, loaded with its texts. */
export function createRoutes(i18n: i18n): RouteObject[] {
  const pageRoute = (page: SitePage): RouteObject => {
    const handle: RouteHandle = { pageId: page.id, variantParams: variantPages[page.id]?.params, noindex: !page.sitemap };
    const load = pageModules[`../${pageSource(page.id).slice('src/'.length)}`];
    if (!load) throw new Error(`Missing page module for ${page.id}`);
    return {
      path: page.path,
      handle,
      lazy: async () => {
        const [module] = await Promise.all([load(), i18n.loadNamespaces(pageNamespaces(page.id))]);
        return { Component: module.default };
      },
    };
  };
  const notFound: RouteHandle = { pageId: 'not-found' };
  return [
    {
      path: '/',
      Component: RootLayout,
      children: [...sitePages.map(pageRoute), { path: '*', handle: notFound, Component: NotFoundPage }],
    },
  ];
}
