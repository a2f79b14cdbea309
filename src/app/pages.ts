import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { Language } from '../../common/languages';
import type { JobsBoard } from '../../common/jobs';
import type { PageVariant } from '../../common/page-urls';
import { isSitePageId, type PageId, type SitePage } from '../../common/site-pages';
import { formResults, isFormResult } from '../../common/form-results';
import { retention } from '../../common/retention';
import { builtInBoard } from '../content/jobs/built-in-jobs';
import { jobIds } from '../content/jobs/jobs';
import { periodText } from '../hooks/use-period-text';
import type { VariantHead } from './document-head';

// Rendered at build time only: no page component reaches the browser, only the islands in it.
const pageModules = import.meta.glob<{ default: ComponentType }>('../pages/*-page.tsx', { eager: true });

/** The component of a page, from `src/pages/<id>-page.tsx`. */
export function pageComponent(pageId: PageId): ComponentType {
  const module = pageModules[`../pages/${pageId}-page.tsx`];
  if (!module) throw new Error(`Missing page module for ${pageId}`);
  return module.default;
}

interface VariantPage {
  variants: () => PageVariant[];
  /** The variant's own title and description. */
  describe: (variant: PageVariant, lng: Language, t: TFunction, jobs: JobsBoard) => VariantHead | undefined;
}

/**
 * Pages with variants chosen by search parameters (docs/contract.md#difference-3: one
 * job on /jobs). Each variant is prerendered and has its own canonical link.
 */
const variantPages: Partial<Record<SitePage['id'], VariantPage>> = {
  jobs: {
    // The built-in jobs; a feed's are rendered by the server when asked for.
    variants: () => jobIds.map((job) => ({ job })),
    describe: (variant, _lng, t, jobs) => {
      if (variant.job === undefined) return undefined;
      const job = jobs.jobs.find((candidate) => candidate.id === variant.job);
      if (job) return { title: job.title, description: job.summary };
      return { title: t(($) => $.filled.title, { ns: 'jobs' }), description: t(($) => $.filled.text, { ns: 'jobs' }) };
    },
  },
  'form-result': {
    variants: () => formResults.map((status) => ({ status })),
    describe: (variant, lng, t) => {
      const status = variant.status;
      if (!isFormResult(status)) return undefined;
      const result = t(($) => $.results[status], {
        ns: 'form-result',
        returnObjects: true,
        period: periodText(t, lng, retention.confirmationLink),
      });
      return { title: result.title, description: result.text };
    },
  },
};

/** The variants of a page that are prerendered besides the page itself. */
export function pageVariants(pageId: SitePage['id']): PageVariant[] {
  return variantPages[pageId]?.variants() ?? [];
}

export function describeVariant(
  pageId: PageId,
  variant: PageVariant,
  lng: Language,
  t: TFunction,
  jobs: JobsBoard = builtInBoard(lng),
): VariantHead | undefined {
  return isSitePageId(pageId) ? variantPages[pageId]?.describe(variant, lng, t, jobs) : undefined;
}
