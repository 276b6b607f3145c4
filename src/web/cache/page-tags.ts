// The content a rendered page shows, as the page cache tags it.
import { CONTENT_TAGS, type ContentTag } from '#src/contract/content-tags'

/**
 * The content a page shows, from what its queries declare (`meta.shows`, client/lib/site-data.ts);
 * null when one declares nothing: a page showing anything else is not cached.
 */
export function tagsOf(shows: readonly unknown[]): ContentTag[] | null {
  // Every page shows the owner's settings (header, footer, head).
  const tags = new Set<ContentTag>(['site'])
  for (const shown of shows) {
    if (!(CONTENT_TAGS as readonly unknown[]).includes(shown)) return null
    tags.add(shown as ContentTag)
  }
  return [...tags]
}
