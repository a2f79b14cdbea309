import type { ReactNode } from 'react';
import { ArrowLeftIcon, ArrowRightIcon } from './icons';

/** An inline link with an arrow, for "read more" and "back" links. */
export function TextLink({ to, children, back = false }: { to: string; children: ReactNode; back?: boolean }) {
  return (
    <a href={to} className="text-link inline-flex items-center gap-1.5">
      {back && <ArrowLeftIcon width={16} height={16} />}
      {children}
      {!back && <ArrowRightIcon width={16} height={16} />}
    </a>
  );
}
