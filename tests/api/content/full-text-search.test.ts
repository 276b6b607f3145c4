// Full-text search (SQLite FTS5): titles, summaries, tags and bodies (code blocks included),
// ranked on request, with snippets whose matches are marked and whose text stays text; the
// index follows every write, and the migration indexes what an older database already holds.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#db/connection'
import { migrate } from '#db/migrate'
import { migrations } from '#db/migrations/index'
import { listPosts } from '#src/features/posts/service'
import { postInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo' } })
  cookie = await s.login()
}, 30_000)
afterAll(() => s.close())

type Item = { slug: string; title: string; snippet?: { text: string; hit: boolean }[] }
const posts = async (query: string) => (await s.get(`/api/posts?${query}`)).body.items as Item[]
const projects = async (query: string) => (await s.get(`/api/projects?${query}`)).body.items as Item[]
const create = async (kind: 'posts' | 'projects', body: Record<string, unknown>) => {
  const res = await s.request('POST', `/api/admin/${kind}`, { cookie, body })
  expect(res.status).toBe(201)
  return res.body as Item
}
const hits = (item: Item | undefined) => item?.snippet?.filter((p) => p.hit).map((p) => p.text)

describe('posts', () => {
  test('a word only in a code block of the body is found, in any case, with a marked snippet', async () => {
    const post = await create('posts', postInput({ title: 'Nothing in the title', bodyMD: 'Some prose first.\n\n```ts\nconst zebraQuux42 = await load()\n```\n\nAnd prose after.' }))
    const found = await posts('search=ZEBRAQUUX')
    expect(found.map((p) => p.slug)).toEqual([post.slug])
    expect(hits(found[0])!.join('').toLowerCase()).toBe('zebraquux')
    expect(found[0]!.snippet!.map((p) => p.text).join('')).toContain('const zebraQuux42 = await load()')
  })

  test('order=relevance ranks a title match above a newer body-only match; without it, newest first as the contract says', async () => {
    const inTitle = await create('posts', postInput({ title: 'Wombatgrams explained', createdAt: '2020-01-01T00:00:00.000Z' }))
    const inBody = await create('posts', postInput({ title: 'Other things', bodyMD: 'A long body that mentions wombatgrams once, in passing, near the end.' }))
    expect((await posts('search=wombatgram')).map((p) => p.slug)).toEqual([inBody.slug, inTitle.slug])
    expect((await posts('search=wombatgram&order=relevance')).map((p) => p.slug)).toEqual([inTitle.slug, inBody.slug])
    expect((await s.get('/api/posts?order=random')).status).toBe(400)
  })

  test('diacritics are ignored; a search too short for trigrams still finds titles by substring', async () => {
    const cafe = await create('posts', postInput({ title: 'Qx at the Café Rouge' }))
    expect((await posts('search=cafe rouge')).map((p) => p.slug)).toEqual([cafe.slug])
    const short = await posts('search=Qx')
    expect(short.map((p) => p.slug)).toContain(cafe.slug)
    expect(short[0]!.snippet).toBeUndefined()
  })

  test('the index follows every write: an edit replaces the old words, a delete removes the post', async () => {
    const post = await create('posts', postInput({ bodyMD: 'The first version talks about narwhalfish at length.' }))
    expect((await posts('search=narwhalfish')).map((p) => p.slug)).toEqual([post.slug])
    const full = (await s.get(`/api/posts/${post.slug}`)).body
    expect((await s.request('PUT', `/api/admin/posts/${post.slug}`, { cookie, body: { ...full, bodyMD: 'The second version talks about axolotlbirds instead.' } })).status).toBe(200)
    expect(await posts('search=narwhalfish')).toEqual([])
    expect((await posts('search=axolotlbirds')).map((p) => p.slug)).toEqual([post.slug])
    expect((await s.request('DELETE', `/api/admin/posts/${post.slug}`, { cookie })).status).toBe(200)
    expect(await posts('search=axolotlbirds')).toEqual([])
    // FTS5's own check: the index matches the table row for row.
    expect(() => s.conn.sqlite.run("INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', 1)")).not.toThrow()
  })

  test('a snippet is text: markup in a body comes back as characters, and the page shows it escaped with the match marked', async () => {
    const post = await create('posts', postInput({ title: 'Hostile body', bodyMD: 'Before <script>alert(1)</script> the word quokkaflux and <b>bold</b> after, long enough.' }))
    const [found] = await posts('search=quokkaflux')
    expect(found!.slug).toBe(post.slug)
    expect(found!.snippet!.map((p) => p.text).join('')).toContain('<script>alert(1)</script>')
    const html = await (await fetch(`${s.url}/blog?search=quokkaflux`)).text()
    expect(html).toContain('<mark>quokkaflux</mark>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html.match(/<script/g)!.length).toBe((await (await fetch(`${s.url}/blog`)).text()).match(/<script/g)!.length)
  })
})

describe('projects', () => {
  test('summaries, tags and bodies are searched; the projects page ranks and marks the results', async () => {
    const project = await create('projects', { title: 'Pelican gateway', summary: 'A summary that is long enough.', bodyMD: 'The body names the flamingoctl tool that drives it.', tags: ['Edge'] })
    const found = await projects('search=flamingoctl')
    expect(found.map((p) => p.slug)).toEqual([project.slug])
    expect(hits(found[0])).toEqual(['flamingoctl'])
    expect((await projects('search=pelican gate&order=relevance'))[0]!.slug).toBe(project.slug)
    const html = await (await fetch(`${s.url}/projects?search=flamingoctl`)).text()
    expect(html).toContain('<mark>flamingoctl</mark>')
    const full = (await s.get(`/api/projects/${project.slug}`)).body
    await s.request('PUT', `/api/admin/projects/${project.slug}`, { cookie, body: { ...full, bodyMD: 'Now the body says something else entirely.' } })
    expect(await projects('search=flamingoctl')).toEqual([])
    await s.request('DELETE', `/api/admin/projects/${project.slug}`, { cookie })
    expect(await projects('search=pelican')).toEqual([])
  })
})

test('the migration indexes the posts an older database already holds', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-fts-'))
  const conn = openDatabase(dir)
  migrate(conn.sqlite, migrations.slice(0, 1))
  // Rows as the first schema held them (the seed of today writes columns it did not have yet).
  const insert = conn.sqlite.prepare('INSERT INTO posts (slug, title, summary, body_md, body_html, reading_minutes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)')
  insert.run('old-one', 'Clock domains', 'A summary long enough.', 'A flip-flop can go metastable when its input changes.', '<p>x</p>', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')
  insert.run('old-two', 'Other', 'A summary long enough.', 'Nothing of interest is written here at all.', '<p>y</p>', '2025-01-02T00:00:00.000Z', '2025-01-02T00:00:00.000Z')
  expect(migrate(conn.sqlite)).toEqual(migrations.slice(1).map((m) => m.id))
  expect(listPosts(conn.db, new Date().toISOString(), { search: 'metastable', limit: 100 }).map((p) => p.slug)).toEqual(['old-one'])
  conn.close()
})
