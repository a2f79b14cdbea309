import type { PageId } from '../../common/site-pages';

/** What every route tells the layout about itself (`handle` in React Router). */
export interface RouteHandle {
  pageId: PageId;
  /** Search parameters that select a prerendered variant, e.g. `job` on /jobs. */
  variantParams?: readonly string[];
  noindex?: boolean;
}
