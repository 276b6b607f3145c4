// Every admin write says which public pages it changes, in its own route options: the safe
// default (drop every page) is for a route someone forgot, and no route relies on it.
import { expect, test } from 'bun:test'
import { PolicyTable } from '#src/plugins/route-policies'
import { appPolicies } from '#tests/support/data/route-policies'

test('every unsafe /api/admin route declares what it invalidates', () => {
  const table = appPolicies()
  const undeclared = table.routes().filter((r) => r.path.startsWith('/api/admin/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.policy.invalidates === undefined)
  expect(undeclared).toEqual([])
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
