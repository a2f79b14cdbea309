import type { CustomTypeOptions } from 'i18next';
import type { ComponentType } from 'react';
import type { Language } from '../../../common/languages';

export type Namespace = keyof CustomTypeOptions['resources'];

/**
 * An island: an interactive part of a prerendered page that React hydrates as a
 * root of its own (decision 15). Its module is its own chunk; it exports the
 * component as default and says what it needs before it can render.
 */
export interface IslandModule<Props extends object> {
  /** Renders the same markup from the same props at build time and in the browser. */
  default: ComponentType<Props>;
  /** Translation namespaces it shows, besides `common` (always loaded). */
  namespaces?: readonly Namespace[];
  /** Loads data it needs in the page's language before it renders (the job listings). */
  prepare?: (lng: Language) => Promise<void>;
  /** The modules `prepare` loads (as Vite's build manifest names them), for the page to preload. */
  preloads?: (lng: Language) => readonly string[];
}
