import type { ReactNode } from 'react';

/** A card with an optional icon, a title (h3 by default), a text and an optional footer such as a link. */
export function FeatureCard({
  icon,
  title,
  children,
  footer,
  headingLevel = 3,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  footer?: ReactNode;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="card flex w-full min-w-0 flex-col wrap-break-word hyphens-auto">
      {icon && (
        <span
          className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-brand/10 text-brand"
          aria-hidden="true"
        >
          {icon}
        </span>
      )}
      <Heading className="text-xl font-semibold text-ink">{title}</Heading>
      {children && <div className="mt-3 grow space-y-4 leading-relaxed text-ink-muted">{children}</div>}
      {footer && <div className="mt-5">{footer}</div>}
    </div>
  );
}
