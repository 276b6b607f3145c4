// Issue 17: every date a post or project brings (createdAt, publishAt) lies between 2000-01-01
// and one year after today by the server's clock (here 2026-06-01, so up to 2027-06-01 UTC);
// others are a 400 naming the field, on create and on update alike.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { manualClock } from '#src/lib/clock'
import { postInput, projectInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ clock: manualClock(new Date('2026-06-01T12:00:00.000Z')) })
  cookie = await s.login()
})
afterAll(() => s.close())

const write = (method: string, path: string, body: unknown) => s.request(method, path, { cookie, body })
const outOfRange = (path: string) => ({ ok: false, error: 'Invalid input.', details: [{ path, code: 'out_of_range', message: 'Dates must lie between 2000-01-01 and 2027-06-01.' }] })

test.each([
  ['1999-12-31T23:59:59Z', 400],
  ['2000-01-01T00:00:00Z', 201],
  ['2027-06-01T23:59:59Z', 201],
  ['2027-06-02T00:00:00Z', 400],
  ['9999-12-31T00:00:00Z', 400],
  // 10000-01-01 in UTC: once stored as '+010000-…', which sorted before every date.
  ['9999-12-31T23:00:00-05:00', 400],
] as const)('a post created at %s: %i', async (createdAt, status) => {
  const res = await write('POST', '/api/admin/posts', postInput({ createdAt }))
  expect(res.status).toBe(status)
  if (status === 400) expect(res.body).toEqual(outOfRange('createdAt'))
})

test('a publish time past one year after today is a 400 for posts and projects, on create and update', async () => {
  const late = { status: 'scheduled', publishAt: '2027-06-02T00:00:00Z' } as const
  expect((await write('POST', '/api/admin/posts', postInput(late))).body).toEqual(outOfRange('publishAt'))
  expect((await write('POST', '/api/admin/projects', projectInput(late))).body).toEqual(outOfRange('publishAt'))

  const post = await write('POST', '/api/admin/posts', postInput({ status: 'scheduled', publishAt: '2027-06-01T09:00:00+02:00' }))
  expect(post.status).toBe(201)
  expect((await write('PUT', `/api/admin/posts/${post.body.slug}`, postInput({ title: post.body.title, ...late }))).body).toEqual(outOfRange('publishAt'))
  const project = await write('POST', '/api/admin/projects', projectInput({ status: 'scheduled', publishAt: '2027-06-01T00:00:00Z' }))
  expect(project.status).toBe(201)
  const put = await write('PUT', `/api/admin/projects/${project.body.slug}`, projectInput({ title: project.body.title, status: 'scheduled', publishAt: '9999-12-31T23:00:00-05:00' }))
  expect(put.body).toEqual(outOfRange('publishAt'))
  // Nothing refused went public.
  expect((await s.get('/api/projects')).body.items).toEqual([])
})
