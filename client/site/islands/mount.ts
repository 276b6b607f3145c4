// Hydrates one island on its own root. In the browser `react` is Preact's compat layer
// (src/web/assets.ts aliases it for the site's bundle, decision 066): the island's code is the
// same React component the server rendered, at 8 KB of runtime instead of 64.
import { createElement, type ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'

export function mount(root: Element, Component: ComponentType<object>, props: object) {
  hydrateRoot(root, createElement(Component, props), {
    onRecoverableError(error) {
      console.error('hydration:', error)
    },
  })
}
