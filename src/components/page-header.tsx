import type { ReactNode } from 'react';
import { Container } from './container';

/** The top of a page: its one h1, an optional eyebrow and lead paragraph. */
export function PageHeader({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="border-b border-line bg-surface-sunken">
      <Container className="py-14 sm:py-20">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-accent">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-ink hyphens-auto wrap-break-word sm:text-5xl">{title}</h1>
        {lead && <p className="mt-5 max-w-3xl text-lg leading-relaxed text-ink-muted">{lead}</p>}
        {children}
      </Container>
    </div>
  );
}
