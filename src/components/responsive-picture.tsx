import { preload } from 'react-dom';
import { sizesOf, type Picture } from './picture';

/**
 * How soon a picture loads: `high` for the largest picture of the first screen (fetched first,
 * preloaded from <head>), `lazy` for the rest.
 */
export type PictureLoading = 'high' | 'lazy';

const loadingAttributes = {
  high: { fetchPriority: 'high' },
  lazy: { loading: 'lazy', decoding: 'async' },
} as const;

/**
 * A picture from src/content/images: an SVG as one `<img>`, a photograph as a `<picture>` with
 * AVIF and WebP sources and JPEGs in the `<img>`, each at the widths of its layout. The intrinsic
 * size keeps the room the picture takes before it loads. With `fallbackSrc`, the head script
 * shows that picture instead when this one fails (docs/product.md#pictures; fallback-image-script.ts).
 */
export function ResponsivePicture({
  picture,
  alt,
  loading,
  className,
  fallbackSrc,
}: {
  picture: Picture;
  alt: string;
  loading: PictureLoading;
  className?: string;
  fallbackSrc?: string;
}) {
  const sizes = picture.srcset ? sizesOf(picture.layout) : undefined;
  const best = picture.sources[0];
  if (loading === 'high' && best) {
    // React preloads a plain <img> of high priority by itself, but never one inside a <picture>.
    preload(picture.src, {
      as: 'image',
      type: best.type,
      imageSrcSet: best.srcset,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  const image = (
    <img
      src={picture.src}
      srcSet={picture.srcset}
      sizes={sizes}
      width={picture.width}
      height={picture.height}
      alt={alt}
      data-fallback-src={fallbackSrc}
      className={className}
      {...loadingAttributes[loading]}
    />
  );
  if (!picture.sources.length) return image;
  return (
    <picture className="contents">
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
