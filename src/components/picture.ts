/**
 * A picture as the build makes it from a file in src/content/images (scripts/pictures/):
 * imported as `./images/<name>.<svg|jpg|png|webp|avif>?picture=<layout>`. An SVG is served as
 * it is; a photograph becomes AVIF, WebP and JPEG at the widths its layout is shown at.
 */
export interface Picture {
  layout: PictureLayoutName;
  /** The SVG, or the JPEG at the layout's fallback width. */
  src: string;
  width: number;
  height: number;
  /** Photographs: the JPEGs at every width, for the `<img>`; absent for an SVG. */
  srcset?: string;
  /** Photographs: AVIF and WebP at every width, best first; empty for an SVG. */
  sources: readonly { type: 'image/avif' | 'image/webp'; srcset: string }[];
  /** Only while prerendering: the source file (from the project's root), for the page's share picture. */
  file?: string;
}

export interface PictureLayout {
  /** Width ÷ height of the box; a photograph is cropped to it around its centre. */
  aspectRatio: number;
  /** The widths made of a photograph: the layout's widths on screens of density 1 and 2 (decision 23). */
  widths: readonly number[];
  /** The width of the JPEG in `src`, for browsers that take no `srcset`. */
  fallbackWidth: number;
  /** The width the picture is shown at, by screen: the first slot whose media condition holds. */
  slots: readonly { media?: string; width: string }[];
}

export const pictureLayouts = {
  /**
   * Beside a page's title (PageHeader) and in the home carousel: the container's width inside
   * its padding (16 px, 24 px from 640 px), half of it beside the text from 1024 px (max-w-6xl, gap 48 px).
   */
  header: {
    aspectRatio: 3 / 2,
    widths: [480, 640, 960, 1280, 1920],
    fallbackWidth: 960,
    slots: [
      { media: '(min-width: 1024px)', width: 'min(528px, calc(50vw - 48px))' },
      { media: '(min-width: 640px)', width: 'calc(100vw - 48px)' },
      { width: 'calc(100vw - 32px)' },
    ],
  },
  /** SPEC 9: gallery pictures are 300 × 300, narrower only on a screen too narrow for that. */
  gallery: {
    aspectRatio: 1,
    widths: [300, 600],
    fallbackWidth: 300,
    slots: [{ width: 'min(300px, calc(100vw - 34px))' }],
  },
} as const satisfies Record<string, PictureLayout>;

export type PictureLayoutName = keyof typeof pictureLayouts;

export function isPictureLayoutName(name: string): name is PictureLayoutName {
  return Object.hasOwn(pictureLayouts, name);
}

/**
 * The `sizes` of a layout. On screens denser than 2.5 device pixels per CSS pixel it states
 * two thirds of the width: a phone of density 3 then takes the picture made for density 2,
 * which it shows as sharply to the eye at little more than half the bytes (decision 23).
 */
export function sizesOf(layout: PictureLayoutName): string {
  const dense = '(min-resolution: 2.5dppx)';
  const slots: PictureLayout['slots'] = pictureLayouts[layout].slots;
  return slots
    .flatMap(({ media, width }) => [
      `${media ? `${media} and ${dense}` : dense} calc(${width} * 2 / 3)`,
      media ? `${media} ${width}` : width,
    ])
    .join(', ');
}
