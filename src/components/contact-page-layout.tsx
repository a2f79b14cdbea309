import { useId, type ReactNode } from 'react';
import { Container } from './container';

/**
 * The body of the contact page: the form under its heading ("Write to us") as
 * the main column, the contact information beside it.
 */
export function ContactPageLayout({
  form,
  formTitle,
  formIntro,
  details,
  channels,
}: {
  form: ReactNode;
  formTitle: string;
  formIntro: string;
  details: ReactNode;
  channels: ReactNode;
}) {
  const headingId = useId();
  return (
    <Container className="py-12 sm:py-16">
      <div className="grid gap-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-16">
        <section aria-labelledby={headingId}>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {formTitle}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ink-muted">{formIntro}</p>
          <div className="mt-8">{form}</div>
        </section>
        <div className="space-y-12">
          {details}
          {channels}
        </div>
      </div>
    </Container>
  );
}
