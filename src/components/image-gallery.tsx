import type { Picture } from './picture';
import { ResponsivePicture } from './responsive-picture';

export interface GalleryItem {
  id: string;
  picture: Picture;
  alt: string;
  title: string;
  text: string;
}

/**
 * Square (300 × 300) pictures with a title and a caption, each loaded when it nears the viewport.
 * A gallery follows a page's title and introduction, so on no screen is one of its pictures the
 * largest thing of the first screen: fetched eagerly, the first picture only competed with it.
 */
export function ImageGallery({ items, fallbackSrc }: { items: readonly GalleryItem[]; fallbackSrc: string }) {
  return (
    // Columns as wide as a picture (docs/product.md#pictures: 300 × 300) in its card's 1 px border; narrower only on a narrower screen.
    <ul className="grid grid-cols-[repeat(auto-fill,min(100%,302px))] justify-center gap-6">
      {items.map((item) => (
        <li
          key={item.id}
          className="flex min-w-0 flex-col overflow-hidden wrap-break-word hyphens-auto rounded-2xl border border-line bg-surface-raised shadow-sm"
        >
          <ResponsivePicture
            picture={item.picture}
            fallbackSrc={fallbackSrc}
            alt={item.alt}
            loading="lazy"
            className="block aspect-square h-auto w-full bg-surface-sunken object-cover"
          />
          <div className="p-5">
            <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
            <p className="mt-2 leading-relaxed text-ink-muted">{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
