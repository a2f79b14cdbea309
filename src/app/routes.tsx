import type { i18n } from 'i18next';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { isLanguage, type Language } from '../../common/languages';
import type { PageVariant } from '../../common/page-urls';
import { sitePages, type PageId, type SitePage } from '../../common/site-pages';
import { jobIds } from '../content/jobs/jobs';
import { jobTextsSource } from '../content/jobs/load-job-texts';
import { describeJob, jobsStore } from '../features/jobs/route-data';
import NotFoundPage from '../pages/not-found-page';
import { RootLayout } from './root-layout';
import type { VariantHead } from './document-head';
import type { PageDataSource, RouteHandle } from './route-handle';

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
  contact: ['contact-form'],
  home: ['carousel'],
};

/** Namespaces every page needs: the layout and the overlays it always shows. */
export const layoutNamespaces: readonly string[] = ['common', 'consent', 'newsletter'];

export function pageNamespaces(pageId: SitePage['id']): string[] {
  return [pageId, ...(extraPageNamespaces[pageId] ?? [])];
}

interface VariantPage {
  params: readonly string[];
  variants: () => PageVariant[];
  /** The variant's own title and description, once its data is loaded. */
  describe?: (variant: PageVariant, lng: Language) => VariantHead | undefined;
  /** Where `describe` reads from, so the head can follow its arrival. */
  data?: PageDataSource;
}

/**
 * Pages with variants chosen by search parameters (DESIGN difference 3: one
 * job on /jobs). Each variant is prerendered and has its own canonical link.
 */
const variantPages: Partial<Record<SitePage['id'], VariantPage>> = {
  jobs: {
    params: ['job'],
    variants: () => jobIds.map((job) => ({ job })),
    describe: (variant, lng) => describeJob(variant.job, lng),
    data: jobsStore,
  },
};

/** The variants of a page that are prerendered besides the page itself. */
export function pageVariants(pageId: SitePage['id']): PageVariant[] {
  return variantPages[pageId]?.variants() ?? [];
}

export function describeVariant(pageId: PageId, variant: PageVariant, lng: Language): VariantHead | undefined {
  return pageId === 'not-found' ? undefined : variantPages[pageId]?.describe?.(variant, lng);
}

/**
 * Data a page needs in the reader's language besides its texts, each language
 * its own chunk (`source`, for preloading). The route awaits it, so the first
 * render – and hydration – has it; `load` never rejects, the page shows errors.
 */
const pageData: Partial<Record<SitePage['id'], { load: (lng: Language) => Promise<void>; source: (lng: Language) => string }>> = {
  jobs: { load: (lng) => jobsStore.load(lng), source: jobTextsSource },
};

export function pageDataSources(pageId: PageId, lng: Language): string[] {
  const data = pageId === 'not-found' ? undefined : pageData[pageId];
  return data ? [data.source(lng)] : [];
}

/** The route tree. Each page is its own chunk, loaded with its texts. */
export function createRoutes(i18n: i18n): RouteObject[] {
  const pageRoute = (page: SitePage): RouteObject => {
    const variants = variantPages[page.id];
    const handle: RouteHandle = {
      pageId: page.id,
      variantParams: variants?.params,
      describeVariant: variants?.describe,
      variantData: variants?.data,
      noindex: !page.sitemap,
    };
    const load = pageModules[`../${pageSource(page.id).slice('src/'.length)}`];
    if (!load) throw new Error(`Missing page module for ${page.id}`);
    return {
      path: page.path,
      handle,
      lazy: async () => {
        const lng = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'de';
        const [module] = await Promise.all([
          load(),
          i18n.loadNamespaces(pageNamespaces(page.id)),
          pageData[page.id]?.load(lng),
        ]);
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
