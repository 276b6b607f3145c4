// A site as its owner makes it, from SEED=none through the admin API: their name and photo, their
// own tags (Go, Postgres, payments), a project with an uploaded photo as its hero, posts with code.
// Several defects showed only with content like this and never with the sample.
import { drawJpeg } from '#tests/support/data/images'
import { postInput, projectInput } from '#tests/support/data/factories'
import type { TestServer } from '#tests/support/server/server'

export type OwnerSite = { post: string; project: string; tag: string }

export async function makeOwnerContent(server: TestServer): Promise<OwnerSite> {
  const cookie = await server.login()
  const ok = (what: string, status: number) => {
    if (status >= 300) throw new Error(`${what} answered ${status}`)
  }
  const upload = async (bytes: Uint8Array<ArrayBuffer>) => {
    const res = await server.request('POST', '/api/admin/uploads', { raw: bytes, headers: { 'content-type': 'image/jpeg' }, cookie })
    ok('upload', res.status)
    return res.body.url as string
  }
  const photo = await upload(await drawJpeg(640, 640))
  ok('settings', (await server.request('PUT', '/api/admin/settings', { body: { siteName: 'Mara Okafor', tagline: 'Payments engineer', heroTitle: 'I build payment systems that stay up.', avatar: photo }, cookie })).status)
  const hero = await upload(await drawJpeg(1600, 900))
  const project = await server.request('POST', '/api/admin/projects', {
    body: projectInput({ title: 'Ledger service', summary: 'A double-entry ledger in Go on Postgres.', tags: ['Go', 'Postgres', 'payments'], heroImage: hero, bodyMD: '## Why\n\nEvery payment is two entries that sum to zero.\n\n```go\nfunc Post(a, b Entry) error { return nil }\n```' }),
    cookie,
  })
  ok('project', project.status)
  await server.request('POST', '/api/admin/projects', { body: projectInput({ title: 'Retry queue', summary: 'Idempotent retries for webhooks.', tags: ['Go', 'payments'] }), cookie })
  const post = await server.request('POST', '/api/admin/posts', {
    body: postInput({ title: 'Idempotency keys in Go', summary: 'How a payment is never taken twice.', tags: ['Go', 'payments'], bodyMD: 'A key per request.\n\n```go\nkey := r.Header.Get("Idempotency-Key")\n```\n\nThen a unique index in Postgres.' }),
    cookie,
  })
  ok('post', post.status)
  await server.request('POST', '/api/admin/posts', { body: postInput({ title: 'Postgres advisory locks', summary: 'One worker per account.', tags: ['Postgres'] }), cookie })
  return { post: post.body.slug as string, project: project.body.slug as string, tag: 'payments' }
}
