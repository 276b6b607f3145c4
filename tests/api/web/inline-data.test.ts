// Inline data is escaped: hostile strings (`</script>`, `<!--`, U+2028…) stored through every
// content field never change how many script elements a page has, the boot block stays JSON, and
// the islands' props carry them back unchanged (the same data the API answers). Property-based:
// fast-check builds the strings, a real server stores and renders them, happy-dom parses the
// pages as HTML.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import fc from 'fast-check'
import { Window } from 'happy-dom'
import { BOOT_ELEMENT_ID } from '#src/contract/site'
import { cleanLine } from '#src/contract/text'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const HOSTILE = ['</script>', '</SCRIPT >', '<script>alert(1)</script>', '<!--', '-->', '<!-- <script>', '\u2028', '\u2029', ']]>', '"', "'", '`', '&lt;', '\\u003c', '<img src=x onerror=alert(1)>', '${document.cookie}', '</title>', '</textarea>', '\0']
/** Mostly hostile pieces, some arbitrary text, joined into one string. */
const hostile = (maxPieces: number) =>
  fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }), { minLength: 1, maxLength: maxPieces }).map((parts) => parts.join(''))
/** Padded with letters: the fields have minimum lengths after trimming. */
const text = (pad: string, maxPieces = 6) => hostile(maxPieces).map((s) => `${pad} ${s} ${pad}`)

let s: TestServer
let cookie: string
let projectSlug: string
let postSlug: string
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo' } })
  cookie = await s.login()
  projectSlug = (await s.get('/api/projects')).body.items[0].slug
  postSlug = (await s.get('/api/posts')).body.items[0].slug
}, 30_000)
afterAll(() => s.close())

function parse(html: string) {
  const window = new Window()
  const doc = new window.DOMParser().parseFromString(html, 'text/html')
  const boot = JSON.parse(doc.getElementById(BOOT_ELEMENT_ID)!.textContent!) as unknown
  const islands = [...doc.querySelectorAll('[data-island]')].map((el) => JSON.parse(el.getAttribute('data-props')!) as unknown)
  return { scripts: doc.querySelectorAll('script').length, boot, islands, title: doc.querySelector('title')?.textContent ?? '', h1: doc.querySelector('h1')?.textContent ?? '' }
}

const pagesOf = () => ['/', '/projects', `/projects/${projectSlug}`, '/blog', `/blog/${postSlug}`, '/skills']

/** Every string inside a JSON value. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(stringsIn) : value && typeof value === 'object' ? Object.values(value).flatMap(stringsIn) : []

test('hostile strings in every content field leave the scripts alone and round-trip through the page state', async () => {
  const baseline = new Map<string, number>()
  for (const path of pagesOf()) baseline.set(path, parse(await (await fetch(s.url + path)).text()).scripts)
  let runs = 0
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        title: text('Title', 4),
        summary: text('Summary text'),
        role: text('Role', 4),
        tags: fc.array(hostile(3).map((t) => `t${t}`.slice(0, 40)), { maxLength: 4 }),
        body: text('A body long enough to be valid', 10),
        metric: text('m', 3),
        link: hostile(3),
      }),
      async (v) => {
        runs++
        const project = {
          title: v.title,
          slug: projectSlug,
          summary: v.summary,
          role: v.role,
          tags: v.tags,
          bodyMD: v.body,
          metrics: { [v.metric.slice(0, 60)]: v.metric },
          demoLinks: { repo: `https://example.com/${encodeURIComponent(v.link)}?q=${encodeURIComponent(v.link)}` },
          gallery: [],
        }
        const post = { title: v.title, slug: postSlug, summary: v.summary, tags: v.tags, bodyMD: v.body }
        const put1 = await s.request('PUT', `/api/admin/projects/${projectSlug}`, { body: project, cookie })
        const put2 = await s.request('PUT', `/api/admin/posts/${postSlug}`, { body: post, cookie })
        expect([put1.status, put2.status]).toEqual([200, 200])
        const apiProject = (await s.get(`/api/projects/${projectSlug}`)).body
        const apiPost = (await s.get(`/api/posts/${postSlug}`)).body
        // One-line fields are stored as the contract's clean-up leaves them (NUL dropped, spaces collapsed).
        expect(apiProject.title).toBe(cleanLine(v.title))
        expect(apiPost.summary).toBe(cleanLine(v.summary))
        for (const path of pagesOf()) {
          const page = parse(await (await fetch(s.url + path)).text())
          expect({ path, scripts: page.scripts }).toEqual({ path, scripts: baseline.get(path)! })
          expect(page.boot).toEqual({ apiBase: '', pageViews: 'server' })
          if (path === `/projects/${projectSlug}`) {
            expect(page.h1).toBe(apiProject.title)
            expect(page.title).toContain(cleanLine(v.title))
          }
          if (path === `/blog/${postSlug}`) expect(page.h1).toBe(apiPost.title)
          // The lists' islands carry the items as the API answers them, hostile text and all.
          if (path === '/blog') expect(stringsIn(page.islands)).toContain(apiPost.summary)
          if (path === '/projects') expect(stringsIn(page.islands)).toContain(apiProject.summary)
        }
      },
    ),
    { numRuns: 25 },
  )
  expect(runs).toBeGreaterThanOrEqual(25)
}, 120_000)
