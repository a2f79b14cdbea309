import automobiles from './images/automobile.svg?no-inline';
import cashew from './images/cashew.svg?no-inline';
import cocoa from './images/cocoa.svg?no-inline';
import combineHarvesters from './images/combine-harvester.svg?no-inline';
import desktops from './images/desktop.svg?no-inline';
import ginger from './images/ginger.svg?no-inline';
import irrigation from './images/irrigation.svg?no-inline';
import laptops from './images/laptop.svg?no-inline';
import logo from './images/logo.svg?no-inline';
import moringa from './images/moringa.svg?no-inline';
import printers from './images/printer.svg?no-inline';
import processingMachines from './images/processing-machine.svg?no-inline';
import seedDrills from './images/seed-drill.svg?no-inline';
import sesame from './images/sesame.svg?no-inline';
import tractors from './images/tractor.svg?no-inline';

// `?no-inline`: every picture stays a cacheable file of its own (and can fail on its own, SPEC 8),
// instead of Vite inlining small SVGs into the page's script as data URLs.

/** Shown in place of any gallery picture that fails to load (SPEC 8). */
export const galleryFallbackImage = logo;

/** Raw materials imported from West Africa (SPEC 2, /services); texts under `imports.items.<id>`. */
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
