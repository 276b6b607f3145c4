// An island (decision 066): a part of a server-rendered page that needs the browser. The server
// renders it in place inside a marker that carries its name and its own props as JSON; the page's
// script (client/site/entry.ts) finds the marker, imports that island's chunk and hydrates it on
// its own root. Nothing page-wide is serialised, and a page with no island loads no React.
import type { ComponentType } from 'react'

/** Every island of the public site; client/site/islands/registry.ts maps each to its chunk. */
export type IslandName = 'blog-list' | 'projects-list' | 'skills-list' | 'contact-form' | 'token-demo'

export const ISLAND_ATTRIBUTE = 'data-island'
export const PROPS_ATTRIBUTE = 'data-props'

/**
 * The component that renders `Component` as island `name`. Its props must be plain JSON (they
 * cross to the browser as text): no functions, no dates, no undefined that matters.
 * NOTE: the marker is a <div> with `display: contents` (styles/base.css), so it changes no layout.
 */
export function island<P extends object>(name: IslandName, Component: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    return (
      <div className="island" data-island={name} data-props={JSON.stringify(props)}>
        <Component {...props} />
      </div>
    )
  }
  Island.displayName = `Island(${name})`
  return Island
}
