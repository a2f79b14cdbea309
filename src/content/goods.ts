import automobiles from './images/automobile.svg?picture=gallery';
import cashew from './images/cashew.svg?picture=gallery';
import cocoa from './images/cocoa.svg?picture=gallery';
import combineHarvesters from './images/combine-harvester.svg?picture=gallery';
import desktops from './images/desktop.svg?picture=gallery';
import ginger from './images/ginger.svg?picture=gallery';
import irrigation from './images/irrigation.svg?picture=gallery';
import laptops from './images/laptop.svg?picture=gallery';
import logo from './images/logo.svg?picture=gallery';
import moringa from './images/moringa.svg?picture=gallery';
import printers from './images/printer.svg?picture=gallery';
import processingMachines from './images/processing-machine.svg?picture=gallery';
import seedDrills from './images/seed-drill.svg?picture=gallery';
import sesame from './images/sesame.svg?picture=gallery';
import tractors from './images/tractor.svg?picture=gallery';

// Each picture is named once, here: an illustration becomes a photograph by changing its line to the
// photograph's file, e.g. './images/cocoa.jpg?picture=gallery' (docs/pictures.md).

/** Shown in place of any gallery picture that fails to load (docs/product.md#pictures). */
export const galleryFallbackImage = logo.src;

/** Raw materials imported from West Africa (docs/product.md#pages, /services); texts under `imports.items.<id>`. */
export const importedGoods = [
  { id: 'cocoa', image: cocoa },
  { id: 'cashew', image: cashew },
  { id: 'ginger', image: ginger },
  { id: 'sesame', image: sesame },
  { id: 'moringa', image: moringa },
] as const;

/** German goods exported to West Africa; texts under `exports.items.<id>`. */
export const exportedGoods = [
  { id: 'automobiles', image: automobiles },
  { id: 'laptops', image: laptops },
  { id: 'desktops', image: desktops },
  { id: 'printers', image: printers },
  { id: 'tractors', image: tractors },
  { id: 'combineHarvesters', image: combineHarvesters },
  { id: 'seedDrills', image: seedDrills },
  { id: 'irrigation', image: irrigation },
  { id: 'processingMachines', image: processingMachines },
] as const;
