import type { CustomTypeOptions } from 'i18next';
import type { ComponentType } from 'react';

export type Namespace = keyof CustomTypeOptions['resources'];

/**
 * An island: an interactive part of a prerendered page that React hydrates as a
 * root of its own (docs/decisions/0015-islands-of-react.md). Its module is its own chunk; it exports the
 * component as default and says which texts it needs; its data comes in its props.
 */
export interface IslandModule<Props extends object> {
  /** Renders the same markup from the same props at build time and in the browser. */
  default: ComponentType<Props>;
  /** Translation namespaces it shows, besides `common` (always loaded). */
  namespaces?: readonly Namespace[];
}
