import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { CloseIcon } from './icons';

export type DialogWidth = 'sm' | 'md' | 'lg' | 'xl';

const widthClasses: Record<DialogWidth, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export interface DialogProps {
  open: boolean;
  /** Called for the close button, Escape, and whenever the browser closes the dialog. */
  onClose: () => void;
  title: ReactNode;
  /** Accessible name of the close button. */
  closeLabel: string;
  children: ReactNode;
  /** Actions at the bottom, outside the scrolling body. */
  footer?: ReactNode;
  width?: DialogWidth;
  /** Where focus goes on closing when the control that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, focus moves
 * in and cycles inside, Escape closes, and focus returns to the control that
 * opened it. At most 90 % of the viewport high; the body scrolls inside.
 */
export function Dialog({ open, ...props }: DialogProps) {
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  onClose,
  title,
  closeLabel,
  children,
  footer,
  width = 'md',
  fallbackFocus,
}: Omit<DialogProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latest = useRef({ fallbackFocus });
  useLayoutEffect(() => {
    latest.current = { fallbackFocus };
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      const target = opener?.isConnected ? opener : latest.current.fallbackFocus?.();
      target?.focus({ preventScroll: !opener?.isConnected });
    };
  }, []);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: the owner decides, so the dialog's state stays in React.
    event.preventDefault();
    onClose();
  };

  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusables = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector)).filter(
      (element) => element.checkVisibility?.() !== false,
    );
    const first = focusables[0];
    const last = focusables.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // Keyboard handling here only keeps Tab inside; every control is a real button or input.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClose={(event) => {
        // Only the browser closes it while it is shown (a repeated Escape): follow it.
        if (!event.currentTarget.open) onClose();
      }}
      onKeyDown={keepFocusInside}
      // Only the body scrolls; on a very low viewport (landscape phone, large text) the whole dialog does.
      className={`m-auto max-h-[90dvh] w-[calc(100%-2rem)] flex-col overflow-y-auto rounded-2xl border border-line bg-surface-raised p-0 text-ink shadow-xl backdrop:bg-black/60 open:flex ${widthClasses[width]}`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-3 sm:px-6 sm:py-4">
        <h2 id={titleId} className="pt-2 text-lg font-semibold sm:text-xl">
          {title}
        </h2>
        <button type="button" className="icon-button -mr-2 shrink-0" aria-label={closeLabel} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="min-h-32 flex-1 overflow-y-auto px-5 py-4 sm:px-6">{children}</div>
      {footer && (
        <div className="flex flex-col gap-3 border-t border-line px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
          {footer}
        </div>
      )}
    </dialog>
  );
}
