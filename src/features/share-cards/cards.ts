// Share cards (issue 22): the 1200×630 PNG a link to the home, a post or a project shows on social
// sites, drawn from the item's title and the owner's settings (render-card.ts). Drawn once per
// change of what it shows, by a child process (card-runner.ts), into a file served from then on
// (card-files.ts): the server never holds the painter, whatever strangers ask for (issue 32).
import { existsSync } from 'node:fs'
import { LRUCache } from 'lru-cache'
import type { Db } from '#db/connection'
import type { ContentTag } from '#src/contract/content-tags'
import { themeAccent } from '#src/contract/owner/accent'
import { initialsOf } from '#src/contract/owner/initials'
import { SLUG_PATTERN } from '#src/contract/text'
import { getPost } from '#src/features/posts'
import { getProject } from '#src/features/projects'
import { settingsStore } from '#src/features/settings'
import type { Clock } from '#src/lib/clock'
import { HttpError } from '#src/lib/http-error'
import { cardFile, pruneCards } from './card-files'
import type { CardRunner } from './card-runner'
import type { CardContent } from './render-card'

export type CardKind = 'home' | 'post' | 'project'

/** Where each card is served (and what og:image names). */
export const cardPath = (kind: CardKind, slug = '') => (kind === 'home' ? '/og/home.png' : `/og/${kind}s/${encodeURIComponent(slug)}.png`)

/**
 * Which file each item's card is, while the content it shows has not moved: a card asked for again
 * costs a lookup, not a query. Only items that exist get an entry, so made-up slugs never fill it.
 */
export const CARDS_KNOWN = 256

const TAG: Record<CardKind, ContentTag> = { home: 'site', post: 'posts', project: 'projects' }

/** The painter failed (it crashed or took too long): the next request tries again. */
export class CardNotDrawn extends Error {}

/** The card's file; null when there is no such public item; 'busy' when too many are being drawn. */
export type ShareCards = { card(kind: CardKind, slug: string): Promise<string | 'busy' | null> }

/** `version`: the render cache's version of a content tag (it moves on every change to it). */
export function shareCards(db: Db, clock: Clock, dir: string, painter: CardRunner, version: (tag: ContentTag) => number): ShareCards {
  const known = new LRUCache<string, { stamp: string; file: string }>({ max: CARDS_KNOWN })
  // A card asked for again while it is drawn waits for that drawing.
  const drawing = new Map<string, Promise<void>>()

  /** What the card of a public item shows; null when there is no such public item. */
  const contentOf = (kind: CardKind, slug: string): CardContent | null => {
    if (kind !== 'home' && !SLUG_PATTERN.test(slug)) return null
    const now = clock.now().toISOString()
    let item: { title: string; subtitle: string; label: string } | null = null
    try {
      if (kind === 'post') {
        const post = getPost(db, slug, now)
        item = { title: post.title, subtitle: post.summary, label: 'Blog' }
      } else if (kind === 'project') {
        const project = getProject(db, slug, now)
        item = { title: project.title, subtitle: project.summary ?? '', label: 'Projects' }
      }
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null
      throw error
    }
    const settings = settingsStore(db).get()
    const accent = themeAccent(settings.accent, 'dark')
    const base = { siteName: settings.siteName, initials: initialsOf(settings.siteName), accent: accent.accent, accentText: accent.text }
    return { ...base, ...(item ?? { title: settings.heroTitle, subtitle: settings.tagline, label: 'Home' }) }
  }

  return {
    async card(kind, slug) {
      const key = `${kind} ${slug}`
      const stamp = `${version(TAG[kind])}.${version('site')}`
      const hit = known.get(key)
      if (hit?.stamp === stamp && existsSync(hit.file)) return hit.file
      const content = contentOf(kind, slug)
      if (!content) return null
      const file = cardFile(dir, content)
      known.set(key, { stamp, file })
      if (existsSync(file)) return file
      let drawn = drawing.get(file)
      if (!drawn) {
        const started = painter.draw(content, file)
        if (started === 'busy') return 'busy'
        drawn = started.finally(() => {
          drawing.delete(file)
          pruneCards(dir)
        })
        drawing.set(file, drawn)
      }
      try {
        await drawn
      } catch (error) {
        throw new CardNotDrawn((error as Error).message)
      }
      return file
    },
  }
}
