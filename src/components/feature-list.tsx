import { CheckIcon } from './icons';

/** A list of short statements, each marked with a check. */
export function FeatureList({ items, columns = 1 }: { items: readonly string[]; columns?: 1 | 2 }) {
  return (
    <ul className={`grid gap-3 ${columns === 2 ? 'md:grid-cols-2 md:gap-x-8' : ''}`}>
      {items.map((item) => (
        <li key={item} className="flex min-w-0 gap-3 wrap-break-word text-ink">
          <CheckIcon className="mt-0.5 shrink-0 text-brand" />
          <span className="min-w-0">{item}</span>
        </li>
      ))}
    </ul>
  );
}
