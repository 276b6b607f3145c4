// A write that changes public pages says so in its own route options (`invalidates`); a route that
// declares nothing changes nothing (decision 068). So that no new write forgets, every unsafe
// admin route is listed here: one missing from these lists fails, and adding it means deciding
// what it changes.
import { expect, test } from 'bun:test'
import type { ContentTag } from '#src/contract/content-tags'
import { PolicyTable } from '#src/plugins/route-policies'
import { appPolicies } from '#tests/support/data/route-policies'

const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE']

const PROJECT_PAGES: ContentTag[] = ['projects', 'skills']
const EVERYTHING: ContentTag[] = ['projects', 'posts', 'skills', 'site']
const CHANGES: Record<string, readonly ContentTag[]> = {
  'POST /api/admin/posts': ['posts'],
  'PUT /api/admin/posts/:slug': ['posts'],
  'DELETE /api/admin/posts/:slug': ['posts'],
  'POST /api/admin/projects': PROJECT_PAGES,
  'POST /api/admin/projects/reorder': PROJECT_PAGES,
  'PUT /api/admin/projects/:slug': PROJECT_PAGES,
  'DELETE /api/admin/projects/:slug': PROJECT_PAGES,
  'POST /api/admin/skills/lexicon': ['skills'],
  'POST /api/admin/skills/lexicon/reorder': ['skills'],
  'PUT /api/admin/skills/lexicon/:id': ['skills'],
  'DELETE /api/admin/skills/lexicon/:id': ['skills'],
  'PUT /api/admin/skills/overrides/:name': ['skills'],
  'DELETE /api/admin/skills/overrides/:name': ['skills'],
  'PUT /api/admin/settings': ['site'],
  'DELETE /api/admin/sample-content': EVERYTHING,
  'POST /api/admin/content/import': EVERYTHING,
}

/** Admin writes no public page shows (an upload shows once a post or project uses it, which is that write). */
const CHANGES_NOTHING = [
  'POST /api/admin/setup', 'POST /api/admin/login', 'POST /api/admin/login/passkey/options', 'POST /api/admin/login/passkey', 'POST /api/admin/logout',
  'POST /api/admin/reauth', 'POST /api/admin/reauth/passkey/options', 'POST /api/admin/reauth/passkey',
  'PUT /api/admin/security/password-sign-in', 'DELETE /api/admin/sessions/others',
  'POST /api/admin/passkeys/options', 'POST /api/admin/passkeys', 'PATCH /api/admin/passkeys/:id', 'DELETE /api/admin/passkeys/:id',
  'POST /api/admin/totp/setup', 'POST /api/admin/totp/enable', 'POST /api/admin/totp/disable', 'POST /api/admin/totp/recovery-codes',
  'POST /api/admin/messages/opened', 'POST /api/admin/messages/erase', 'PATCH /api/admin/messages/:id/archive', 'DELETE /api/admin/messages/:id',
  'POST /api/admin/notifications/test', 'POST /api/admin/analytics/tokens', 'DELETE /api/admin/analytics/tokens/:id', 'POST /api/admin/backups',
  'POST /api/admin/preview', 'POST /api/admin/preview-links', 'DELETE /api/admin/preview-links',
  'POST /api/admin/resume/sign-url', 'POST /api/admin/resume/file', 'DELETE /api/admin/resume/file', 'POST /api/admin/uploads',
]

test('every unsafe /api/admin route is listed with the public content it changes, and declares exactly that', () => {
  const writes = appPolicies().routes().filter((r) => r.path.startsWith('/api/admin/') && UNSAFE.includes(r.method))
  const declared = Object.fromEntries(writes.map((r) => [`${r.method} ${r.path}`, [...(r.policy.invalidates ?? [])].sort()]))
  const expected = { ...Object.fromEntries(CHANGES_NOTHING.map((k) => [k, []])), ...Object.fromEntries(Object.entries(CHANGES).map(([k, tags]) => [k, [...tags].sort()])) }
  expect(declared).toEqual(expected)
})

test('no route outside /api/admin declares what it changes: a stranger never starts a re-render or a purge', () => {
  expect(appPolicies().routes().filter((r) => !r.path.startsWith('/api/admin/') && r.policy.invalidates)).toEqual([])
})

test('a policy is found by route pattern or by a concrete path of it; other methods and paths have none', () => {
  const table = new PolicyTable().fill([
    { method: 'PUT', path: '/api/admin/posts/:slug', hooks: { invalidates: ['posts'], bodyLimit: 10 } },
    { method: 'POST', path: '/api/x', hooks: {} },
  ])
  expect(table.of('PUT', '/api/admin/posts/:slug')).toEqual({ invalidates: ['posts'], bodyLimit: 10 })
  expect(table.of('PUT', '/api/admin/posts/hello')).toEqual({ invalidates: ['posts'], bodyLimit: 10 })
  expect(table.of('DELETE', '/api/admin/posts/hello')).toEqual({})
  expect(table.of('PUT', '/api/admin/posts/hello/extra')).toEqual({})
  expect(table.bodyLimits()).toEqual([{ method: 'PUT', route: '/api/admin/posts/:slug', limit: 10, kind: 'json' }])
})
