import { useCallback, useEffect, useState } from 'react';

export interface CarouselControls {
  index: number;
  /** The visitor's choice: false after "Pause slideshow". */
  playing: boolean;
  /** Whether slides advance by themselves right now. */
  rotating: boolean;
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
  togglePlaying: () => void;
  setHovered: (hovered: boolean) => void;
  setFocused: (focused: boolean) => void;
}

/**
 * The state of an auto-advancing carousel (docs/product.md#carousel, docs/contract.md#difference-5).
 * Every manual change counts as a new position, so the effect below starts a
 * fresh interval even when the visitor picks the slide already shown.
 */
export function useCarousel(count: number, intervalMs: number): CarouselControls {
  const [position, setPosition] = useState({ index: 0, change: 0 });
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating || count < 2) return;
    const timer = window.setTimeout(
      () => setPosition((current) => ({ index: (current.index + 1) % count, change: current.change })),
      intervalMs,
    );
    return () => window.clearTimeout(timer);
  }, [rotating, position, count, intervalMs]);

  const wrap = useCallback((index: number) => ((index % count) + count) % count, [count]);
  const goTo = useCallback(
    (index: number) => setPosition((current) => ({ index: wrap(index), change: current.change + 1 })),
    [wrap],
  );
  const step = (delta: number) =>
    setPosition((current) => ({ index: wrap(current.index + delta), change: current.change + 1 }));

  return {
    index: position.index,
    playing,
    rotating,
    goTo,
    next: () => step(1),
    previous: () => step(-1),
    togglePlaying: () => setPlaying((value) => !value),
    setHovered,
    setFocused,
  };
}
