import type { ReactNode } from 'react';
import type { SitePageId } from '../../common/site-pages';
import { usePageHref } from '../hooks/use-page-href';

export type ButtonVariant = 'primary' | 'secondary';

export const buttonClasses: Record<ButtonVariant, string> = {
  primary: 'button button-primary',
  secondary: 'button button-secondary',
};

/** A link to another page that looks like a button, for calls to action. */
export function ButtonLink({
  to,
  children,
  variant = 'primary',
}: {
  to: SitePageId;
  children: ReactNode;
  variant?: ButtonVariant;
}) {
  const href = usePageHref();
  return (
    <a href={href(to)} className={buttonClasses[variant]}>
      {children}
    </a>
  );
}
