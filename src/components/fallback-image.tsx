import type { ImgHTMLAttributes } from 'react';

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  src: string;
  /** Shown instead when `src` cannot be loaded (SPEC 8: gallery images fall back to the logo). */
  fallbackSrc: string;
  alt: string;
};

/** A picture that shows `fallbackSrc` when it fails: `imageFallbackScript` swaps it. */
export function FallbackImage({ src, fallbackSrc, alt, ...props }: FallbackImageProps) {
  return <img src={src} data-fallback-src={fallbackSrc} alt={alt} {...props} />;
}
