// Share cards (issue 22): the 1200×630 PNG a link to the home, a post or a project shows on social
// sites, drawn from the item's title and the owner's settings (render-card.ts). Drawn on the first
// request for it and kept until the item or the settings change.
import type { Db } from '#db/connection'
import type { ContentTag } from '#src/contract/content-tags'
import { themeAccent } from '#src/contract/owner/accent'
import { getPost } from '#src/features/posts/service'
import { getProject } from '#src/features/projects/service'
import { settingsStore } from '#src/features/settings/service'
import { BoundedMap } from '#src/lib/bounded-map'
import type { Clock } from '#src/lib/clock'
import { HttpError } from '#src/lib/http-error'
import { initialsOf } from '#src/contract/owner/initials'
import type { CardContent } from './render-card'

export type CardKind = 'home' | 'post' | 'project'

/** Where each card is served (and what og:image names). */
export const cardPath = (kind: CardKind, slug = '') => (kind === 'home' ? '/og/home.png' : `/og/${kind}s/${encodeURIComponent(slug)}.png`)

/**
 * Cards kept: one per public item at most (some 35 KB each), so a site of a few hundred items
 * keeps them all; past it the oldest go. Only items that exist are drawn, so strangers cannot
 * fill it with made-up slugs.
 */
export const CARDS_KEPT = 256
/** Cards drawn at once (some 50 ms of CPU each, 450 ms for the first); past it a request is told to retry. */
export const CARD_DRAWS = 2

const TAG: Record<CardKind, ContentTag> = { home: 'site', post: 'posts', project: 'projects' }

export type ShareCards = { card(kind: CardKind, slug: string): Promise<Uint8Array<ArrayBuffer> | 'busy' | null> }

/** `version`: the render cache's version of a content tag (it moves on every change to it). */
export function shareCards(db: Db, clock: Clock, version: (tag: ContentTag) => number): ShareCards {
  const kept = new BoundedMap<string, { stamp: string; png: Uint8Array<ArrayBuffer> }>({ max: CARDS_KEPT, evict: 'oldest' })
  let drawing = 0

  /** What the card of a public item shows; null when there is no such public item. */
  const contentOf = (kind: CardKind, slug: string): CardContent | null => {
    const settings = settingsStore(db).get()
    const accent = themeAccent(settings.accent, 'dark')
    const base = { siteName: settings.siteName, initials: initialsOf(settings.siteName), accent: accent.accent, accentText: accent.text }
    const now = clock.now().toISOString()
    try {
      if (kind === 'post') {
        const post = getPost(db, slug, now)
        return { ...base, title: post.title, subtitle: post.summary, label: 'Blog' }
      }
      if (kind === 'project') {
        const project = getProject(db, slug, now)
        return { ...base, title: project.title, subtitle: project.summary ?? '', label: 'Projects' }
      }
      return { ...base, title: settings.heroTitle, subtitle: settings.tagline, label: 'Home' }
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null
      throw error
    }
  }

  return {
    async card(kind, slug) {
      const key = `${kind} ${slug}`
      const stamp = `${version(TAG[kind])}.${version('site')}`
      const hit = kept.get(key)
      if (hit?.stamp === stamp) return hit.png
      const content = contentOf(kind, slug)
      if (!content) return null
      if (drawing >= CARD_DRAWS) return 'busy'
      drawing++
      try {
        const { renderCard } = await import('./render-card')
        const png = await renderCard(content)
        kept.set(key, { stamp, png })
        return png
      } finally {
        drawing--
      }
    },
  }
}
