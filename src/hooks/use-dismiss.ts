import { useEffect, useRef, type RefObject } from 'react';

export type DismissReason = 'outside' | 'escape';

/**
 * While `open`, calls `onDismiss` on a pointer press outside every element in
 * `inside`, or on Escape. Used by the menus of the header.
 */
export function useDismiss(
  open: boolean,
  onDismiss: (reason: DismissReason) => void,
  inside: readonly RefObject<HTMLElement | null>[],
): void {
  const latest = useRef({ onDismiss, inside });
  useEffect(() => {
    latest.current = { onDismiss, inside };
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
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
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
}
