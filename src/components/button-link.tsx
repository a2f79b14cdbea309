import type { ReactNode } from 'react';

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
    <a href={to} className={buttonClasses[variant]}>
      {children}
    </a>
  );
}
