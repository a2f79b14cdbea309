export interface Step {
  title: string;
  text: string;
}

/** Steps of a process in order, as an ordered list of cards with their number shown large. */
export function NumberedSteps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="card">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-brand text-lg font-bold text-on-brand"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
          <p className="mt-2 leading-relaxed text-ink-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
