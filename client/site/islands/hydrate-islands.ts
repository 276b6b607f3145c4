// Finds the page's island markers and hydrates each with its own props, its chunk and the shared
// runtime imported only when the page has one.
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE, type IslandName } from './island'
import { ISLANDS } from './registry'

export async function hydrateIslands(): Promise<void> {
  const roots = [...document.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)]
  if (!roots.length) return
  const { mount } = await import('./mount')
  await Promise.all(
    roots.map(async (root) => {
      const load = ISLANDS[root.getAttribute(ISLAND_ATTRIBUTE) as IslandName]
      if (!load) return
      const Component = await load()
      mount(root, Component, JSON.parse(root.getAttribute(PROPS_ATTRIBUTE) ?? '{}') as object)
    }),
  )
}
