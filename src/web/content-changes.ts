// Which admin writes change what the public pages show: after a write's handler returns (and
// before its response leaves), the render cache drops exactly the pages showing that content.
import { Elysia } from 'elysia'
import { pathOnly } from '../lib/request-path'
import { CONTENT_TAGS, type ContentTag, type RenderCache } from './render-cache'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Admin write paths by prefix; skills are computed from projects, so project writes change them. */
const WRITES: [prefix: string, tags: readonly ContentTag[]][] = [
  ['/api/admin/projects', ['projects', 'skills']],
  ['/api/admin/posts', ['posts']],
  ['/api/admin/skills', ['skills']],
  // An import of markdown files writes posts and projects (and so the skills).
  ['/api/admin/content', ['projects', 'posts', 'skills']],
  // Writes no public page shows.
  ['/api/admin/login', []],
  ['/api/admin/logout', []],
  ['/api/admin/messages', []],
  ['/api/admin/resume', []],
  ['/api/admin/uploads', []],
  ['/api/admin/backups', []],
  ['/api/admin/preview', []],
  ['/api/admin/preview-links', []],
  ['/api/admin/analytics', []],
]

/** The tags a request may change; an admin write nobody listed above changes everything (safe). */
export function tagsChangedBy(method: string, path: string): readonly ContentTag[] {
  if (!UNSAFE.has(method) || !path.startsWith('/api/admin/')) return []
  const hit = WRITES.find(([prefix]) => path === prefix || path.startsWith(prefix + '/'))
  return hit ? hit[1] : CONTENT_TAGS
}

export const contentChanges = (cache: RenderCache) => {
  const invalidate = (request: Request) => {
    if (!UNSAFE.has(request.method)) return
    const tags = tagsChangedBy(request.method, pathOnly(request.url))
    if (tags.length) cache.invalidate(tags)
  }
  // NOTE: a write that fails throws inside its transaction, which rolls back: nothing to drop.
  return new Elysia({ name: 'folio.content-changes' }).onAfterHandle({ as: 'global' }, ({ request }) => invalidate(request))
}
