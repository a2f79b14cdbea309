import { slides as pictures } from 'virtual:content-pictures';

/**
 * docs/product.md#carousel: a picture (`slides` in src/content/pictures.json, the editor's
 * "Bilder": an illustration or a photograph), whose alt text and title live in the `carousel`
 * namespace under `slides.<id>`. The slides come in the order the file names them.
 */
export const slides = (Object.entries(pictures) as [keyof typeof pictures, (typeof pictures)['harvest']][]).map(
  ([id, { image }]) => ({ id, image }),
);

/** docs/product.md#carousel: a slide stays 5000 ms; the fade (duration-700 in carousel.tsx) lasts 700 ms. */
export const slideIntervalMs = 5000;
