import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Ids that are the same in the prerendered HTML and after hydration, even when
 * parts of the page hydrate in turns (decision 13). React's and Preact's `useId`
 * count in render order across the whole page, and hydrating in turns changes
 * that order; these ids count within a scope, and each scope is named when its
 * parent renders, in document order.
 */
interface IdScope {
  prefix: string;
  next: number;
}

const IdScopeContext = createContext<IdScope>({ prefix: 'w', next: 0 });

export function useStableId(): string {
  const scope = useContext(IdScopeContext);
  // Counting during render is the point: the initializer runs once per component, in document order.
  // eslint-disable-next-line react-hooks/immutability
  const [id] = useState(() => `${scope.prefix}-${scope.next++}`);
  return id;
}

/** The name of the innermost scope. */
export function useIdScopeName(): string {
  return useContext(IdScopeContext).prefix;
}

/** Starts a scope: the page's root (`root`, counting from zero on every page), or a part that renders at a later time. */
export function IdScopeProvider({ root = false, children }: { root?: boolean; children: ReactNode }) {
  const id = useStableId();
  const [scope] = useState<IdScope>(() => ({ prefix: root ? 'w' : id, next: 0 }));
  return <IdScopeContext.Provider value={scope}>{children}</IdScopeContext.Provider>;
}
