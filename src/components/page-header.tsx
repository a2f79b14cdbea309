import { createContext, use, type ReactNode } from 'react';
import { Container } from './container';
import type { Picture } from './picture';
import { ResponsivePicture } from './responsive-picture';

export interface HeaderPicture {
  picture: Picture;
  alt: string;
}

/** The picture of the page being rendered, shown beside its title unless the header has media of its own. */
export const HeaderPictureContext = createContext<HeaderPicture | null>(null);

/**
 * The top of a page: its one h1, an optional eyebrow, lead paragraph and
 * actions (children), and optional media shown beside them on wide screens.
 */
export function PageHeader({
  eyebrow,
  title,
  titleLang,
  lead,
  children,
  media,
}: {
  eyebrow?: string;
  title: string;
  /** The title's language where it is not the page's (a job the feed has only in German). */
  titleLang?: string;
  lead?: ReactNode;
  children?: ReactNode;
  media?: ReactNode;
}) {
  const headerPicture = use(HeaderPictureContext);
  const shown =
    media ??
    (headerPicture && (
      <ResponsivePicture
        picture={headerPicture.picture}
        alt={headerPicture.alt}
        loading="high"
        className="block aspect-3/2 h-auto w-full rounded-2xl border border-line object-cover shadow-sm"
      />
    ));
  return (
    <div className="border-b border-line bg-surface-sunken">
      <Container
        className={`py-14 sm:py-20 ${shown ? 'grid grid-cols-1 items-center gap-10 lg:grid-cols-2 lg:gap-12' : ''}`}
      >
        <div className="min-w-0">
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-accent">{eyebrow}</p>}
          <h1
            lang={titleLang}
            className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-ink hyphens-auto wrap-break-word sm:text-5xl"
          >
            {title}
          </h1>
          {lead && (
            <p className="mt-5 max-w-3xl text-lg leading-relaxed text-ink-muted hyphens-auto wrap-break-word">{lead}</p>
          )}
          {children}
        </div>
        {shown}
      </Container>
    </div>
  );
}
