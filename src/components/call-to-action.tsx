import { useId } from 'react';
import type { SitePageId } from '../../common/site-pages';
import { usePageHref } from '../hooks/use-page-href';
import { Container } from './container';
import { ArrowRightIcon } from './icons';

/** A highlighted band that ends a page with one clear next step. */
export function CallToAction({
  texts: { title, text, action },
  to,
}: {
  texts: { title: string; text: string; action: string };
  to: SitePageId;
}) {
  const headingId = useId();
  const href = usePageHref();
  return (
    <section aria-labelledby={headingId} className="py-14 sm:py-16">
      <Container>
        <div className="flex flex-col gap-6 rounded-2xl bg-brand px-6 py-10 text-on-brand sm:px-10 lg:flex-row lg:items-center lg:justify-between lg:gap-10">
          <div className="max-w-2xl">
            <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {title}
            </h2>
            <p className="mt-3 text-lg leading-relaxed">{text}</p>
          </div>
          <a
            href={href(to)}
            className="button shrink-0 self-start bg-surface text-ink hover:bg-surface-sunken focus-visible:outline-on-brand lg:self-center"
          >
            {action}
            <ArrowRightIcon />
          </a>
        </div>
      </Container>
    </section>
  );
}
