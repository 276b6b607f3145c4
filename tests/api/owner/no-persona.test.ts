// No persona in code (issue 19): with SEED=none and settings of one's own, no public page, feed,
// sitemap, meta tag or structured data carries a word of the sample site.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { postInput, projectInput } from '#tests/support/data/factories'
import { SAMPLE_WORDS } from '#tests/support/data/sample-persona'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'none', SITE_URL: 'https://ada.example' } })
  cookie = await s.login()
  const settings = {
    siteName: 'Ada Byron',
    tagline: 'Poetical science.',
    heroTitle: 'Notes on the Analytical Engine.',
    heroSubtitle: 'Mathematician.',
    about: 'I write programs for machines that do not exist yet.',
    links: { github: 'https://github.com/ada-byron', email: 'ada@ada.example' },
    intros: { projects: 'Engines and tables.', blog: 'Letters and notes.', skills: 'What the engines taught me.' },
    quickTags: ['Engines'],
  }
  expect((await s.request('PUT', '/api/admin/settings', { cookie, body: settings })).status).toBe(200)
  expect((await s.request('POST', '/api/admin/posts', { cookie, body: postInput({ slug: 'note-g', title: 'Note G', tags: ['Engines'], status: 'published' }) })).status).toBe(201)
  expect((await s.request('POST', '/api/admin/projects', { cookie, body: projectInput({ slug: 'difference-engine', title: 'Difference Engine', tags: ['Engines'], status: 'published' }) })).status).toBe(201)
})
afterAll(() => s.close())

const PUBLIC = [
  '/',
  '/projects',
  '/projects?tag=Engines',
  '/projects/difference-engine',
  '/blog',
  '/blog?tag=Engines',
  '/blog/note-g',
  '/skills',
  '/contact',
  '/privacy',
  '/demo/dapp',
  '/no-such-page',
  '/blog/no-such-post',
  '/feed.xml',
  '/feed.json',
  '/blog/tag/Engines/feed.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/admin/login',
]

test.each(PUBLIC)('%s shows nothing of the sample site', async (path) => {
  const res = await s.get(path, { headers: { accept: 'text/html' } })
  expect(res.status).toBeLessThan(500)
  const found = SAMPLE_WORDS.filter((w) => res.text.toLowerCase().includes(w.toLowerCase()))
  expect(found).toEqual([])
})

test('the pages show the owner instead', async () => {
  const home = (await s.get('/', { headers: { accept: 'text/html' } })).text
  expect(home).toContain('<title>Ada Byron</title>')
  expect(home).toContain('Notes on the Analytical Engine.')
  expect(home).toContain('I write programs for machines that do not exist yet.')
  expect(home).toContain('"sameAs":["https://github.com/ada-byron"]')
  expect((await s.get('/blog', { headers: { accept: 'text/html' } })).text).toContain('Letters and notes.')
  expect((await s.get('/feed.json')).body.title).toBe('Ada Byron')
})
