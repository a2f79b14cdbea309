import { useCallback, useState, type ImgHTMLAttributes } from 'react';

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  src: string;
  /** Shown instead when `src` cannot be loaded (SPEC 8: gallery images fall back to the logo). */
  fallbackSrc: string;
  alt: string;
};

export function FallbackImage({ src, fallbackSrc, alt, ...props }: FallbackImageProps) {
  const [failed, setFailed] = useState(false);
  // An image that failed before hydration fired its error event before React listened for it.
  const checkEarlyFailure = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0 && image.currentSrc) setFailed(true);
  }, []);
  return <img ref={checkEarlyFailure} src={failed ? fallbackSrc : src} alt={alt} onError={() => setFailed(true)} {...props} />;
}
