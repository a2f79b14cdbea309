import { createContext, useContext } from 'react';
import type { IslandName, IslandProps, LoadedIslands } from './index';

/** One island met while rendering a page at build time, to be rendered as a root of its own. */
export interface CollectedIsland {
  name: IslandName;
  props: object;
  /** React's `identifierPrefix` for the root: its `useId`s differ from every other root's on the page. */
  id: string;
}

export interface IslandRendering {
  modules: LoadedIslands;
  /** At build time: islands are collected and left as markers. Without it (component tests): rendered in place. */
  collected?: CollectedIsland[];
}

export const IslandContext = createContext<IslandRendering | null>(null);

/** The comment an island leaves in the page's markup until its own markup replaces it. */
export const islandMarker = (id: string) => `<!--island:${id}-->`;

type PropsOf<Name extends IslandName> =
  object extends IslandProps<Name> ? { props?: IslandProps<Name> } : { props: IslandProps<Name> };

/**
 * An interactive part of a page. The page around it stays the HTML React
 * rendered at build time; this part is rendered on its own and hydrated in the
 * browser as a React root of its own (docs/decisions/0015-islands-of-react.md). Its props travel in
 * `data-props`, so they must be plain data.
 */
export function Island<Name extends IslandName>({
  name,
  props,
  className = 'contents',
}: { name: Name; className?: string } & PropsOf<Name>) {
  const rendering = useContext(IslandContext);
  if (!rendering) throw new Error(`The island ${name} is rendered outside a page`);
  const Component = rendering.modules[name].default;
  const islandProps: object = props ?? {};
  if (!rendering.collected) {
    return (
      <div data-island={name} className={className}>
        <Component {...islandProps} />
      </div>
    );
  }
  const id = `i${rendering.collected.length}-`;
  rendering.collected.push({ name, props: islandProps, id });
  return (
    <div
      data-island={name}
      data-island-id={id}
      data-props={JSON.stringify(islandProps)}
      className={className}
      dangerouslySetInnerHTML={{ __html: islandMarker(id) }}
    />
  );
}
