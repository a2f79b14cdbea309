import harvest from '../../content/images/slide-harvest.svg?no-inline';
import machinery from '../../content/images/slide-machinery.svg?no-inline';
import port from '../../content/images/slide-port.svg?no-inline';
import technology from '../../content/images/slide-technology.svg?no-inline';

/** SPEC 3 "Carousel slide": an image; its alt text and title live in the `carousel` namespace under `slides.<id>`. */
export const slides = [
  { id: 'harvest', image: harvest },
  { id: 'port', image: port },
  { id: 'machinery', image: machinery },
  { id: 'technology', image: technology },
] as const;

/** Intrinsic size of every slide illustration, so the carousel reserves its space before they load. */
export const slideSize = { width: 1200, height: 800 } as const;

/** SPEC 9: a slide stays 5000 ms; the fade (duration-700 in carousel.tsx) lasts 700 ms. */
export const slideIntervalMs = 5000;
