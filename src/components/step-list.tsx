export interface Step {
  title: string;
  text: string;
}

const columnClasses = {
  3: 'md:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
} as const;

/** Numbered steps of a process, as cards with their number shown large; the list itself carries the order for assistive technology. */
export function StepList({ steps, columns = 4 }: { steps: readonly Step[]; columns?: keyof typeof columnClasses }) {
  return (
    <ol className={`grid grid-cols-1 gap-6 ${columnClasses[columns]}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="card min-w-0 wrap-break-word hyphens-auto">
          <span
            className="inline-flex size-10 items-center justify-center rounded-full bg-brand text-lg font-bold text-on-brand"
            aria-hidden="true"
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
