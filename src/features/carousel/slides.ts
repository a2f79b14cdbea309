import harvest from '../../content/images/slide-harvest.svg?picture=header';
import machinery from '../../content/images/slide-machinery.svg?picture=header';
import port from '../../content/images/slide-port.svg?picture=header';
import technology from '../../content/images/slide-technology.svg?picture=header';

/**
 * docs/product.md#carousel: a picture (an illustration, or a photograph: './images/harbour.jpg?picture=header'),
 * whose alt text and title live in the `carousel` namespace under `slides.<id>`.
 */
export const slides = [
  { id: 'harvest', image: harvest },
  { id: 'port', image: port },
  { id: 'machinery', image: machinery },
  { id: 'technology', image: technology },
] as const;

/** docs/product.md#carousel: a slide stays 5000 ms; the fade (duration-700 in carousel.tsx) lasts 700 ms. */
export const slideIntervalMs = 5000;
