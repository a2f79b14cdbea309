import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary';

export const buttonClasses: Record<ButtonVariant, string> = {
  primary: 'button button-primary',
  secondary: 'button button-secondary',
};

/** A link that looks like a button, for calls to action. */
export function ButtonLink({
  to,
  children,
  variant = 'primary',
}: {
  to: string;
  children: ReactNode;
  variant?: ButtonVariant;
}) {
  return (
    <Link to={to} className={buttonClasses[variant]}>
      {children}
    </Link>
  );
}
