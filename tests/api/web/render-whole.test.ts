// A page the render cache keeps is rendered in one piece (renderToString); every other page is
// streamed (renderToReadableStream). Both must be the same page, byte for byte, but for the
// moments React Query stamps into the dehydrated state.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unstamped } from '#bench/express-reference/compare'
import { openDatabase, type Connection } from '#db/connection'
import { migrate } from '#db/migrate'
import { loadConfig } from '#src/config'
import { settingsStore } from '#src/features/settings/service'
import { systemClock } from '#src/lib/clock'
import { silentLogger } from '#src/lib/logger'
import { seedIfEmpty } from '#src/seed/seed'
import { renderPage, type RenderInput } from '#src/web/render-page'
import { siteConfigOf } from '#src/web/site-config'
import { serverSiteData } from '#src/web/site-data'

const dir = mkdtempSync(join(tmpdir(), 'folio-render-whole-'))
let conn: Connection
let input: Omit<RenderInput, 'url' | 'whole'>
beforeAll(async () => {
  conn = openDatabase(dir)
  migrate(conn.sqlite)
  await seedIfEmpty(conn.db, systemClock)
  const config = loadConfig({ DATA_DIR: dir, SITE_URL: 'https://folio.example' }, dir)
  input = { site: siteConfigOf(config, settingsStore(conn.db)), origin: config.origin, data: serverSiteData(conn.db, systemClock), assets: { css: ['/assets/site.css'], entry: '/assets/entry.js', preload: ['/assets/chunk.js'] }, log: silentLogger }
})
afterAll(() => {
  conn.close()
  rmSync(dir, { recursive: true, force: true })
})

async function both(path: string) {
  const url = new URL(path, 'https://folio.example')
  const whole = await renderPage({ ...input, url, whole: true })
  const streamed = await renderPage({ ...input, url })
  return { whole: { status: whole.response.status, html: await whole.response.text(), shows: whole.shows }, streamed: { status: streamed.response.status, html: await streamed.response.text(), shows: streamed.shows } }
}

test.each(['/', '/projects', '/blog', '/blog?search=sqlite', '/blog?tag=bun', '/skills', '/contact', '/privacy', '/blog/no-such-post', '/no/such/page'])('%s: the page rendered whole is the streamed page', async (path) => {
  const { whole, streamed } = await both(path)
  expect(whole.status).toBe(streamed.status)
  expect(whole.shows).toEqual(streamed.shows)
  expect(whole.html).toStartWith('<!doctype html>')
  expect(whole.html).toContain('</html>')
  expect(unstamped(whole.html)).toBe(unstamped(streamed.html))
})

test('a post and a project, found by their slugs, are the same page either way', async () => {
  const [post] = await input.data.posts({ limit: 1 })
  const [project] = await input.data.projects({})
  for (const path of [`/blog/${post!.slug}`, `/projects/${project!.slug}`]) {
    const { whole, streamed } = await both(path)
    expect(whole.status).toBe(200)
    expect(unstamped(whole.html)).toBe(unstamped(streamed.html))
  }
})
