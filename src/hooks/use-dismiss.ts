import { useLayoutEffect, useRef, type RefObject } from 'react';

export type DismissReason = 'outside' | 'escape';

/**
 * While `open`, calls `onDismiss` on a pointer press or keyboard focus outside
 * every element in `inside`, or on Escape. Used by the menus of the header: a
 * menu left open behind the focus could cover it (WCAG 2.4.11).
 */
export function useDismiss(
  open: boolean,
  onDismiss: (reason: DismissReason) => void,
  inside: readonly RefObject<HTMLElement | null>[],
): void {
  const latest = useRef({ onDismiss, inside });
  useLayoutEffect(() => {
    latest.current = { onDismiss, inside };
  });

  // Listening from a layout effect catches an Escape pressed right after the menu opened.
  useLayoutEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (latest.current.inside.some((ref) => ref.current?.contains(target))) return;
      latest.current.onDismiss('outside');
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (latest.current.inside.some((ref) => ref.current?.contains(target))) return;
      latest.current.onDismiss('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      latest.current.onDismiss('escape');
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
}
