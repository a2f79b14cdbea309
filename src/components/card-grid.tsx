import { Children, type ReactNode } from 'react';

const columnClasses = {
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
} as const;

/** A responsive grid of equally tall cards, announced as a list of its children. */
export function CardGrid({ children, columns = 3 }: { children: ReactNode; columns?: keyof typeof columnClasses }) {
  return (
    <ul className={`grid grid-cols-1 gap-6 ${columnClasses[columns]}`}>
      {Children.map(children, (child) => (
        <li className="flex min-w-0">{child}</li>
      ))}
    </ul>
  );
}
