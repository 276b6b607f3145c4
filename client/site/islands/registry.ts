// Which chunk holds each island: the page's script imports only the ones a page has, on demand.
// NOTE: imported by the browser's entry only; each import() here is a chunk of its own, and the
// runtime they share (mount.ts and Preact) is one more.
import type { ComponentType } from 'react'
import type { IslandName } from './island'

type Loader = () => Promise<ComponentType<object>>
const as = <P>(c: ComponentType<P>) => c as unknown as ComponentType<object>

export const ISLANDS: Record<IslandName, Loader> = {
  'blog-list': () => import('./blog-list').then((m) => as(m.BlogList)),
  'projects-list': () => import('./projects-list').then((m) => as(m.ProjectsList)),
  'skills-list': () => import('./skills-list').then((m) => as(m.SkillsList)),
  'contact-form': () => import('./contact-form').then((m) => as(m.ContactFormIsland)),
  'token-demo': () => import('./token-demo').then((m) => as(m.TokenDemo)),
}
