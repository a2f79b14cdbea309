import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * For a long loop on the instance that also answers requests (sanitizing 200 positions of the
 * Personio feed, queuing an alert round): the returned `pause()` yields to the event loop once
 * `sliceMs` have passed since the last turn, and is free otherwise, so requests wait at most about
 * that long behind the loop.
 */
export function timeSlices(sliceMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
