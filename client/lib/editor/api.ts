// The data of the project and post editors: their lists and list cache updates, the markdown
// preview, preview links and image uploads. Every call reports a 401 (withSession).
import * as adminPaths from '#src/contract/admin-paths'
import type { ItemList } from '#src/contract/errors'
import type { PreviewLink, PreviewLinkInput } from '#src/contract/publication'
import { ApiError, serverMessage } from '../api'
import { adminApi, withSession } from '../admin-api'

export type { ItemList }

/** Query keys of the two editors' lists. */
export const EDITOR_KEYS = { projects: ['admin', 'projects'] as const, posts: ['admin', 'posts'] as const }

/** The list of posts or projects the editor screen shows. */
export const itemsQuery = <T>(screen: adminPaths.ContentScreen) => ({
  queryKey: EDITOR_KEYS[screen],
  queryFn: () => withSession(adminApi.get<ItemList<T>>(adminPaths.items(screen))),
})

/**
 * The list after a save: the saved item replaces the one it was (found by its slug before the
 * save, which may have changed), or comes first when new (new projects sort first, posts are
 * newest first). The list is reloaded afterwards; this only avoids a flash of stale data.
 */
export function upsertItem<T extends { slug: string }>(list: ItemList<T> | undefined, item: T, previousSlug: string | null): ItemList<T> | undefined {
  if (!list) return list
  const at = list.items.findIndex((x) => x.slug === (previousSlug ?? item.slug))
  const items = at === -1 ? [item, ...list.items] : list.items.map((x, i) => (i === at ? item : x))
  return { ...list, items }
}

export function removeItem<T extends { slug: string }>(list: ItemList<T> | undefined, slug: string): ItemList<T> | undefined {
  return list && { ...list, items: list.items.filter((x) => x.slug !== slug) }
}

/** Draft keys (use-draft.ts): one per screen and project/post, 'new' for the create form. */
export const draftKey = (screen: 'projects' | 'posts', slug: string | null) => `${screen}:${slug === null ? 'new' : `edit:${slug}`}`

/** The server's own rendering of a markdown body (the public site's HTML, sanitised there). */
export const previewQuery = (markdown: string) => ({
  queryKey: ['admin', 'preview', markdown] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => withSession(adminApi.post<{ html: string }>(adminPaths.preview, { markdown }, { signal })),
})

export const createPreviewLink = (input: PreviewLinkInput) => withSession(adminApi.post<PreviewLink>(adminPaths.previewLinks, input))

// Image uploads for the project editor: the raw file as the body (not JSON), answered by {url}.
export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif'
export const TOO_LARGE = 'The image is too large (max 10 MB).'
export const UPLOAD_FAILED = 'Upload failed'

function messageFor(status: number, body: unknown): string {
  if (status === 413) return TOO_LARGE
  return serverMessage(body) ?? (status === 415 ? 'This file type is not supported.' : `${UPLOAD_FAILED} (${status})`)
}

/** Sends one image; resolves to its URL, or throws an ApiError whose message is the one to show. */
export async function uploadImage(file: Blob): Promise<string> {
  let res: Response
  try {
    res = await fetch(adminApi.url(adminPaths.uploads), {
      method: 'POST',
      body: file,
      credentials: 'include',
      headers: { 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
    })
  } catch (e) {
    throw new ApiError(0, undefined, `${UPLOAD_FAILED}. Check your connection and try again.`, { cause: e })
  }
  const body: unknown = await res.json().catch(() => undefined)
  if (res.ok) {
    const url = typeof body === 'object' && body !== null && 'url' in body ? body.url : undefined
    if (typeof url === 'string' && url) return url
    throw new ApiError(res.status, body, UPLOAD_FAILED)
  }
  throw new ApiError(res.status, body, messageFor(res.status, body))
}
