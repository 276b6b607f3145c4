// Site settings over real HTTP (contract "Site settings"): read, partial writes, every field's
// bad input answered 400 with details, and public pages that show a change on the next request.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { BLANK_SETTINGS } from '#src/contract/owner/settings'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo', SITE_URL: 'https://owner.example' } })
  cookie = await s.login()
})
afterAll(() => s.close())

const put = (body: unknown, withCookie = true) => s.request('PUT', '/api/admin/settings', { cookie: withCookie ? cookie : null, body })
const page = async (path: string) => (await s.get(path, { headers: { accept: 'text/html' } })).text
// A 1×1 transparent PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))

describe('reading and writing', () => {
  test('GET and PUT need the admin session', async () => {
    expect((await s.get('/api/admin/settings')).status).toBe(401)
    expect((await put({ siteName: 'Nobody' }, false)).status).toBe(401)
  })

  test('the seeded site starts with the sample persona; a subset changes only those fields', async () => {
    const before = await s.get('/api/admin/settings', { cookie })
    expect(before.status).toBe(200)
    expect(before.body.siteName).toBe('Rowan Castillo')
    const res = await put({ siteName: 'Ada Lovelace', links: { mastodon: 'https://fosstodon.org/@ada' }, intros: { blog: 'Notes on engines.' } })
    expect(res.status).toBe(200)
    expect(res.body.siteName).toBe('Ada Lovelace')
    expect(res.body.links.mastodon).toBe('https://fosstodon.org/@ada')
    // Fields of links and intros not sent keep their values.
    expect(res.body.links.github).toBe(before.body.links.github)
    expect(res.body.intros.projects).toBe(before.body.intros.projects)
    expect(res.body.tagline).toBe(before.body.tagline)
    expect((await s.get('/api/admin/settings', { cookie })).body).toEqual(res.body)
  })

  test('text is cleaned: control characters stripped, whitespace collapsed; an empty link is none', async () => {
    const res = await put({ tagline: '  Engines\u0000 and\u0007   looms ', links: { x: '' }, about: 'Line one\r\n\r\nLine\u0000 two' })
    expect(res.status).toBe(200)
    expect(res.body.tagline).toBe('Engines and looms')
    expect(res.body.links.x).toBeNull()
    expect(res.body.about).toBe('Line one\n\nLine two')
  })

  const bad: [string, unknown, string][] = [
    ['an empty site name', { siteName: '   ' }, 'siteName'],
    ['10,000 characters of name', { siteName: 'x'.repeat(10_000) }, 'siteName'],
    ['a link that is not a web address', { links: { github: 'javascript:alert(1)' } }, 'links.github'],
    ['a link with credentials', { links: { website: 'https://u:p@example.com' } }, 'links.website'],
    ['an email that is not one', { links: { email: 'not-an-address' } }, 'links.email'],
    ['an accent that is not #rrggbb', { accent: 'red' }, 'accent'],
    ['a theme that does not exist', { defaultTheme: 'sepia' }, 'defaultTheme'],
    ['demoEnabled as text', { demoEnabled: 'yes' }, 'demoEnabled'],
    ['13 quick tags', { quickTags: Array.from({ length: 13 }, (_, i) => `t${i}`) }, 'quickTags'],
    ['an avatar outside the uploads', { avatar: '/etc/passwd' }, 'avatar'],
    ['an unknown field', { owner: 'me' }, ''],
    ['about past 5,000 characters', { about: 'x'.repeat(5_001) }, 'about'],
    ['a lone surrogate name of 81 characters', { siteName: '\ud800'.repeat(81) }, 'siteName'],
  ]
  for (const [what, body, field] of bad) {
    test(`${what} is a 400 with details, and nothing changes`, async () => {
      const before = (await s.get('/api/admin/settings', { cookie })).body
      const res = await put(body)
      expect(res.status).toBe(400)
      expect(res.body.ok).toBe(false)
      expect(res.body.error).toBeString()
      if (field) expect(JSON.stringify(res.body.details)).toContain(field)
      expect((await s.get('/api/admin/settings', { cookie })).body).toEqual(before)
    })
  }

  test('a body that is not an object is a 400, never a 500', async () => {
    for (const raw of ['[]', 'null', '"x"', '{']) {
      const res = await s.request('PUT', '/api/admin/settings', { cookie, raw, headers: { 'content-type': 'application/json' } })
      expect(res.status).toBe(400)
    }
  })

  test('the photo must be an image uploaded here; once it is, the home page shows it', async () => {
    const missing = await put({ avatar: `/uploads/images/${'a'.repeat(32)}.png` })
    expect(missing.status).toBe(400)
    const up = await s.request('POST', '/api/admin/uploads', { cookie, raw: PNG, headers: { 'content-type': 'image/png' } })
    expect(up.status).toBe(201)
    expect((await put({ avatar: up.body.url })).status).toBe(200)
    const home = await page('/')
    expect(home).toMatch(new RegExp(`<img src="${up.body.url}" alt="[^"]+" width="1" height="1" decoding="async" class="hero-photo"`))
    // The person in the structured data has the photo too.
    expect(home).toContain(`"image":"https://owner.example${up.body.url}"`)
    expect((await put({ avatar: null })).body.avatar).toBeNull()
    // No photo: the owner's initials take its place (issue 22), no image.
    const without = await page('/')
    expect(without).not.toContain('<img class="hero-photo"')
    expect(without).toContain('class="hero-photo hero-monogram"')
  })
})

describe('public pages follow the settings on the next request', () => {
  test('name, headline, about, links and structured data', async () => {
    // Cached first, so the change must drop the cached copies.
    await page('/')
    await page('/privacy')
    expect((await s.get('/', { headers: { accept: 'text/html' } })).headers.get('x-cache')).toBe('HIT')
    const res = await put({
      siteName: 'Grace Hopper',
      heroTitle: 'Compilers for everyone.',
      about: 'I wrote the **first** compiler.',
      links: { github: 'https://github.com/grace', linkedin: null, mastodon: null, bluesky: 'https://bsky.app/profile/grace.example', email: 'grace@example.com' },
    })
    expect(res.status).toBe(200)
    const home = await page('/')
    expect(home).toContain('<title>Grace Hopper</title>')
    expect(home).toContain('Compilers for everyone.')
    expect(home).toContain('<strong>first</strong> compiler')
    expect(home).toContain('href="https://bsky.app/profile/grace.example"')
    expect(home).toContain('href="mailto:grace@example.com"')
    expect(home).not.toContain('linkedin.com')
    expect(home).toContain('<meta property="og:site_name" content="Grace Hopper">')
    const ld = JSON.parse(home.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!)
    const person = (ld['@graph'] ?? [ld]).flatMap((n: Record<string, unknown>) => [n, n.author, n.creator, n.about]).find((n: { '@type'?: string } | undefined) => n?.['@type'] === 'Person')
    expect(person.name).toBe('Grace Hopper')
    expect(person.sameAs).toEqual(['https://github.com/grace', 'https://bsky.app/profile/grace.example'])
    // A page with no content of its own (privacy) shows the name too: it was dropped as well.
    expect(await page('/privacy')).toContain('Grace Hopper')
    expect(await page('/blog')).toContain('- Grace Hopper</title>')
  })

  test('intros and the skills quick tags', async () => {
    await put({ intros: { projects: 'Machines I built.', blog: 'Essays.', skills: 'What I know.' }, quickTags: ['COBOL', 'Fortran'] })
    expect(await page('/projects')).toContain('Machines I built.')
    expect(await page('/blog')).toContain('Essays.')
    const skills = await page('/skills')
    expect(skills).toContain('What I know.')
    expect(skills).toContain('href="/projects?tag=COBOL"')
    expect(skills).not.toContain('href="/projects?tag=MERN"')
    await put({ quickTags: [] })
    expect(await page('/skills')).not.toContain('Browse projects by tag')
  })

  test('accent and default theme reach <html>, made readable in both themes', async () => {
    await put({ accent: '#FFFF00', defaultTheme: 'light' })
    const html = (await page('/')).match(/<html[^>]*>/)![0]
    expect(html).toContain('data-theme="light"')
    // Yellow is unreadable on white: the light theme gets a darker yellow, the dark theme keeps it.
    expect(html).toContain('--accent-dark:#ffff00')
    expect(html).toMatch(/--accent-light:#([0-9a-f]{6})/)
    expect(html).not.toContain('--accent-light:#ffff00')
    await put({ defaultTheme: 'dark' })
    expect(await page('/')).toContain('data-theme="dark"')
  })

  test('the demo off: /demo/dapp is a 404 and no page links it', async () => {
    const project = '/projects/tokenfolio-dapp'
    // The project embeds the demo in a frame.
    expect(await page(project)).toContain('src="/demo/dapp"')
    await put({ demoEnabled: false })
    const res = await s.get('/demo/dapp', { headers: { accept: 'text/html' } })
    expect(res.status).toBe(404)
    expect(await page(project)).not.toMatch(/(href|src)="\/demo\/dapp/)
    await put({ demoEnabled: true })
    expect((await s.get('/demo/dapp', { headers: { accept: 'text/html' } })).status).toBe(200)
  })

  test('feeds carry the name', async () => {
    await put({ siteName: 'Feed Owner' })
    expect((await s.get('/feed.json')).body.title).toBe('Feed Owner')
  })
})

describe('first values and the environment', () => {
  test('an empty database without the seed starts blank; variables give first values', async () => {
    const blank = await startTestServer()
    try {
      const c = await blank.login()
      expect((await blank.get('/api/admin/settings', { cookie: c })).body).toEqual(BLANK_SETTINGS)
    } finally {
      await blank.close()
    }
    const named = await startTestServer({ env: { SITE_NAME: 'Env Name', GITHUB_URL: 'https://github.com/env' } })
    try {
      const c = await named.login()
      const got = (await named.get('/api/admin/settings', { cookie: c })).body
      expect(got.siteName).toBe('Env Name')
      expect(got.seoTitle).toBe('Env Name')
      expect(got.links.github).toBe('https://github.com/env')
    } finally {
      await named.close()
    }
  })

  test('after that the admin owns them: a differing variable logs one warning naming it', async () => {
    const first = await startTestServer({ env: { SITE_NAME: 'First' }, keepData: true })
    const c = await first.login()
    await first.request('PUT', '/api/admin/settings', { cookie: c, body: { siteName: 'Edited in the admin' } })
    await first.close()
    const lines: string[] = []
    const log = { debug() {}, info() {}, error() {}, raw() {}, warn: (msg: string) => void lines.push(msg) }
    const again = await startTestServer({ env: { SITE_NAME: 'First' }, dataDir: first.dataDir, log })
    try {
      const c2 = await again.login()
      expect((await again.get('/api/admin/settings', { cookie: c2 })).body.siteName).toBe('Edited in the admin')
      expect(lines.filter((l) => l.includes('SITE_NAME'))).toHaveLength(1)
    } finally {
      await again.close()
    }
  })
})
