import { useId, type ReactNode } from 'react';
import { Container } from './container';

/** A titled section of a page; its h2 names the region for assistive technology. */
export function Section({
  title,
  intro,
  children,
  className = '',
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`py-14 sm:py-16 ${className}`}>
      <Container>
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {title}
        </h2>
        {intro && <p className="mt-4 max-w-3xl text-lg leading-relaxed text-ink-muted">{intro}</p>}
        {children && <div className="mt-8">{children}</div>}
      </Container>
    </section>
  );
}
