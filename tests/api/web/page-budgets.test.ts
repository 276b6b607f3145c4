// The JavaScript budgets of issue 33 (decision 066), read from what the server sends: every
// public route's HTML, the scripts it names (external, module-preloaded, inline), the chunks
// its islands import, transitively, in gzip bytes as folio sends them. A reading page (home, a
// post, a project, privacy, the 404, a resume page) loads at most 4 KB and no React runtime; an
// interactive page (blog, projects, skills, contact, the demo) at most 60 KB; a post's HTML + CSS + JS at
// most 30 KB. JSON blocks (the boot block, structured data, speculation rules) are data, not script.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ISLAND_ATTRIBUTE } from '#client/site/islands/island'
import { startTestServer, type TestServer } from '#tests/support/server/server'

export const READING_BUDGET = 4 * 1024
export const INTERACTIVE_BUDGET = 60 * 1024
export const POST_TOTAL_BUDGET = 30 * 1024

let s: TestServer
let readingPaths: string[] = []
const INTERACTIVE = ['/blog', '/projects', '/skills', '/contact', '/demo/dapp']

const fixtures = mkdtempSync(join(tmpdir(), 'folio-budgets-'))
beforeAll(async () => {
  // A resume to link to: a resume page is a reading page too.
  writeFileSync(join(fixtures, 'resume.pdf'), '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n')
  s = await startTestServer({ env: { SEED: 'demo', RESUME_FILE: join(fixtures, 'resume.pdf') } })
  const cookie = await s.login()
  const post = (await s.get('/api/posts')).body.items[0].slug as string
  const project = (await s.get('/api/projects')).body.items[0].slug as string
  const resume = await s.request('POST', '/api/admin/resume/sign-url', { cookie })
  expect(resume.status).toBe(201)
  readingPaths = ['/', `/blog/${post}`, `/projects/${project}`, '/privacy', '/no-such-page', String(resume.body.url)]
}, 30_000)
afterAll(async () => {
  await s.close()
  rmSync(fixtures, { recursive: true, force: true })
})

/** What a client that takes only gzip receives: folio's own gzip, or the body gzipped at level 9. */
async function gzipOf(path: string): Promise<{ bytes: number; text: string }> {
  const res = await fetch(s.url + path, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)
  const body = new Uint8Array(await res.arrayBuffer())
  const gzipped = res.headers.get('content-encoding') === 'gzip'
  const text = gzipped ? new TextDecoder().decode(Bun.gunzipSync(body)) : new TextDecoder().decode(body)
  return { bytes: gzipped ? body.byteLength : gzipSync(body, { level: 9 }).byteLength, text }
}

const attrs = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!)

/** Every chunk a chunk imports, statically or by import(): an island's own code loads all it names. */
const importsOf = (code: string) => attrs(code, /["']\.\/((?:chunk|site)-[\w-]+\.js)["']/g).map((name) => `/assets/${name}`)

type PageScripts = { html: string; htmlGzip: number; inlineGzip: number; files: Map<string, { bytes: number; text: string }>; islands: string[] }

/** The page and every script it would run: its own, and what each of its islands imports. */
async function scriptsOf(path: string): Promise<PageScripts> {
  const page = await gzipOf(path)
  const html = page.text
  const inline = attrs(html, /<script>([\s\S]*?)<\/script>/g).join('')
  const files = new Map<string, { bytes: number; text: string }>()
  const visit = async (url: string, follow: (code: string) => string[]) => {
    if (files.has(url)) return
    const file = await gzipOf(url)
    files.set(url, file)
    for (const dep of follow(file.text)) await visit(dep, follow)
  }
  // Static imports only from the page's own scripts: their import() calls are islands the page may not have.
  const staticImports = (code: string) => attrs(code, /(?:\bfrom|\bimport)\s*["']\.\/([\w-]+\.js)["']/g).map((n) => `/assets/${n}`)
  const own = [...attrs(html, /<script type="module" src="([^"]+)"/g), ...attrs(html, /<link rel="modulepreload" href="([^"]+)"/g)]
  for (const url of own) await visit(url, staticImports)
  const islands = attrs(html, new RegExp(`${ISLAND_ATTRIBUTE}="([a-z-]+)"`, 'g'))
  if (islands.length) {
    const entry = files.get(attrs(html, /<script type="module" src="([^"]+)"/g)[0]!)!.text
    // Each island's loader: `"blog-list":()=>(i("…"),import("./chunk-….js"))`; and the shared runtime: `mount`.
    for (const name of new Set(islands)) {
      const chunk = new RegExp(`"${name}":\\(\\)=>\\(\\w+\\("[\\w-]+"\\),import\\("\\./(chunk-[\\w-]+\\.js)"\\)`).exec(entry)?.[1]
      expect(chunk, `the entry's loader of island ${name}`).toBeDefined()
      await visit(`/assets/${chunk}`, importsOf)
    }
    const runtime = /\{mount:\w+\}=await \(\w+\("[\w-]+"\),import\("\.\/(chunk-[\w-]+\.js)"\)\)/.exec(entry)?.[1]
    expect(runtime, "the entry's import of the islands' runtime").toBeDefined()
    await visit(`/assets/${runtime}`, importsOf)
  }
  return { html, htmlGzip: page.bytes, inlineGzip: inline ? gzipSync(inline, { level: 9 }).byteLength : 0, files, islands }
}

const jsGzip = (p: PageScripts) => p.inlineGzip + [...p.files].filter(([url]) => url.endsWith('.js')).reduce((n, [, f]) => n + f.bytes, 0)
/** Markers of a React or Preact runtime in a chunk: hydration entry points no page script has otherwise. */
const RUNTIME = /hydrateRoot|__REACT_DEVTOOLS|react\.transitional|__PREACT_DEVTOOLS__|\.__k=/

describe('reading pages', () => {
  test('each loads at most 4 KB of gzip JavaScript in all, has no island, and no React or Preact runtime', async () => {
    for (const path of readingPaths) {
      const p = await scriptsOf(path)
      expect({ path, islands: p.islands }).toEqual({ path, islands: [] })
      expect({ path, js: jsGzip(p) <= READING_BUDGET ? 'within' : jsGzip(p) }).toEqual({ path, js: 'within' })
      for (const [url, f] of p.files) expect({ path, url, runtime: RUNTIME.test(f.text) }).toEqual({ path, url, runtime: false })
    }
  })

  test("a post's HTML, CSS and JavaScript come to at most 30 KB gzip (fonts and images aside)", async () => {
    const p = await scriptsOf(readingPaths[1]!)
    let css = 0
    for (const href of attrs(p.html, /<link rel="stylesheet" href="([^"]+)"/g)) css += (await gzipOf(href)).bytes
    expect(p.htmlGzip + css + jsGzip(p)).toBeLessThanOrEqual(POST_TOTAL_BUDGET)
  })

  test('a page without islands carries no page state: only the boot block', async () => {
    const p = await scriptsOf(readingPaths[1]!)
    expect(p.html).not.toContain('folio-state')
    const boot = /<script type="application\/json" id="folio-boot">(.*?)<\/script>/.exec(p.html)?.[1]
    expect(JSON.parse(boot!)).toEqual({ apiBase: '', pageViews: 'server' })
  })
})

describe('interactive pages', () => {
  test.each(INTERACTIVE)('%s loads at most 60 KB of gzip JavaScript, its islands included', async (path) => {
    const p = await scriptsOf(path)
    expect(p.islands.length).toBeGreaterThan(0)
    expect(jsGzip(p)).toBeLessThanOrEqual(INTERACTIVE_BUDGET)
    // Never the admin's code.
    for (const [, f] of p.files) expect(f.text.includes('/admin/login')).toBe(false)
  })

  test('an island carries only its own props; nothing page-wide is serialised', async () => {
    const p = await scriptsOf('/blog')
    for (const props of attrs(p.html, /data-props="([^"]*)"/g)) {
      const value = JSON.parse(props.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&#x27;', "'")) as Record<string, unknown>
      // The site config (the owner's texts, links, accent) is the server's: an island gets what it uses.
      expect(Object.keys(value)).not.toContain('site')
      expect(JSON.stringify(value)).not.toContain('aboutHtml')
    }
  })
})
