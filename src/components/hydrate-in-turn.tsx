import { Suspense, type ReactNode } from 'react';
import { IdScopeProvider, useIdScopeName } from '../hooks/use-stable-id';

/**
 * Hydrating a whole page at once is one long task on a slow phone, and the
 * page ignores every tap until it ends. While `hydrateInTurns` runs, each
 * <HydrateInTurn> waits and then hydrates in a task of its own, in document
 * order, so the browser can handle input in between (decision 13).
 *
 * While a part waits, Preact keeps its server-rendered DOM, exactly one element:
 * the child must render a single element. Outside that phase (development, a
 * page rendered on the client, a later navigation) parts render at once.
 */
interface Turn {
  released: boolean;
  promise: Promise<void>;
  release: () => void;
}

let turns: Map<string, Turn> | null = null;
const queue: Turn[] = [];
const onDone: (() => void)[] = [];

function releaseNext(): void {
  const turn = queue.shift();
  if (!turn) {
    turns = null;
    for (const callback of onDone.splice(0)) callback();
    return;
  }
  turn.released = true;
  turn.release();
  // The resumed part renders in a microtask of this task; the next part waits for a new task.
  setTimeout(releaseNext);
}

/** Runs `hydrate` with every <HydrateInTurn> deferred to a task of its own. */
export function hydrateInTurns(hydrate: () => void): void {
  turns = new Map();
  hydrate();
  setTimeout(releaseNext);
}

/** Calls `callback` once every part of the page has hydrated (at once when none waits). */
export function afterHydration(callback: () => void): void {
  if (turns) onDone.push(callback);
  else callback();
}

function WaitForTurn({ children }: { children: ReactNode }) {
  // The scope's name is the same on every render, so a resumed part finds its turn.
  const name = useIdScopeName();
  if (turns) {
    let turn = turns.get(name);
    if (!turn) {
      let release = () => {};
      const promise = new Promise<void>((resolve) => (release = resolve));
      turn = { released: false, promise, release };
      turns.set(name, turn);
      queue.push(turn);
    }
    if (!turn.released) throw turn.promise;
  }
  return children;
}

export function HydrateInTurn({ children }: { children: ReactNode }) {
  // Ids inside count in a scope of their own, so they do not depend on when the part renders.
  return (
    <IdScopeProvider>
      <Suspense fallback={null}>
        <WaitForTurn>{children}</WaitForTurn>
      </Suspense>
    </IdScopeProvider>
  );
}
