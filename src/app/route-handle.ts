import type { Language } from '../../common/languages';
import type { PageVariant } from '../../common/page-urls';
import type { PageId } from '../../common/site-pages';
import type { VariantHead } from './document-head';

/** Data a page loads besides its texts, for whoever must follow its arrival. */
export interface PageDataSource {
  subscribe: (onChange: () => void) => () => void;
  /** Changes whenever the data does. */
  version: () => number;
}

/** What every route tells the layout about itself (`handle` in React Router). */
export interface RouteHandle {
  pageId: PageId;
  /** Search parameters that select a prerendered variant, e.g. `job` on /jobs. */
  variantParams?: readonly string[];
  /** A variant's own title and description (one job's), once its data is loaded. */
  describeVariant?: (variant: PageVariant, lng: Language) => VariantHead | undefined;
  /** Where `describeVariant` reads from. */
  variantData?: PageDataSource;
  noindex?: boolean;
}
