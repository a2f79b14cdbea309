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
  /**
   * The widths made of a photograph, covering what every screen asks for (see sizesOf), each at
   * most 4/3 of the one before: a browser takes the narrowest at least as wide as it asks for, so
   * it never gets one much wider than needed (docs/decisions/0033-picture-widths-up-to-1480.md).
   */
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
    widths: [400, 520, 680, 880, 1140, 1480],
    fallbackWidth: 880,
    slots: [
      { media: '(min-width: 1024px)', width: 'min(528px, calc(50vw - 48px))' },
      { media: '(min-width: 640px)', width: 'calc(100vw - 48px)' },
      { width: 'calc(100vw - 32px)' },
    ],
  },
  /** docs/product.md#pictures: gallery pictures are 300 × 300, narrower only on a screen too narrow for that. */
  gallery: {
    aspectRatio: 1,
    widths: [300, 400, 520],
    fallbackWidth: 300,
    slots: [{ width: 'min(300px, calc(100vw - 34px))' }],
  },
} as const satisfies Record<string, PictureLayout>;

export type PictureLayoutName = keyof typeof pictureLayouts;

export function isPictureLayoutName(name: string): name is PictureLayoutName {
  return Object.hasOwn(pictureLayouts, name);
}

/**
 * The `sizes` of a layout. Dense screens are told less than the width shown: three quarters from
 * 1.5 device pixels per CSS pixel, half from 2.5. A phone of density 2 or 3 then takes a picture
 * 1.5 to 2 times as wide as it is shown, never more: sharp on its screen, for half the bytes
 * of a picture three times as wide or less, and as wide as Lighthouse asks (docs/decisions/0023-pictures-made-by-the-build.md).
 */
export function sizesOf(layout: PictureLayoutName): string {
  const densities = [
    { resolution: '(min-resolution: 2.5dppx)', width: (width: string) => `calc(${width} / 2)` },
    { resolution: '(min-resolution: 1.5dppx)', width: (width: string) => `calc(${width} * 3 / 4)` },
  ];
  const slots: PictureLayout['slots'] = pictureLayouts[layout].slots;
  return slots
    .flatMap(({ media, width }) => [
      ...densities.map((density) => `${media ? `${media} and ` : ''}${density.resolution} ${density.width(width)}`),
      media ? `${media} ${width}` : width,
    ])
    .join(', ');
}
