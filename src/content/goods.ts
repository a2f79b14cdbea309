import logo from './images/logo.svg?picture=gallery';
import { exports as exported, imports as imported } from 'virtual:content-pictures';

// Each picture is named once, in src/content/pictures.json (the editor's "Bilder"): an
// illustration becomes a photograph by naming the photograph's file there (docs/pictures.md).

/** Shown in place of any gallery picture that fails to load (docs/product.md#pictures). */
export const galleryFallbackImage = logo.src;

const itemsOf = <Id extends string>(group: Readonly<Record<Id, { image: (typeof imported)['cocoa']['image'] }>>) =>
  (Object.entries(group) as [Id, { image: (typeof imported)['cocoa']['image'] }][]).map(([id, { image }]) => ({
    id,
    image,
  }));

/** Raw materials imported from West Africa (docs/product.md#pages, /services); texts under `imports.items.<id>`. */
export const importedGoods = itemsOf(imported);

/** German goods exported to West Africa; texts under `exports.items.<id>`. */
export const exportedGoods = itemsOf(exported);
