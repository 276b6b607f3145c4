// The second reference of `npm run bench`, the uncached baseline: Node + Express 5 + better-sqlite3
// + renderToString of folio's own App. Every request reads its rows from SQLite through folio's
// own services and renders anew (render.tsx mirrors src/web/render-page.ts). Bundled for Node by
// build.ts; run as `node server.js <folio.db> <assets.json> <port>`, on a copy of folio's database
// (opened read-only) and assets.json from setup.ts.
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import express from 'express'
import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { declaredQuery, findRoute } from '#client/site/match-route'
import type { Db } from '#db/connection'
import * as schema from '#db/schema'
import { loadConfig } from '#src/config'
import { settingsStore } from '#src/features/settings/service'
import { systemClock } from '#src/lib/clock'
import { pageQueryProblem } from '#src/web/page-query'
import { badQueryPage } from '#src/web/server-error-page'
import { siteConfigOf } from '#src/web/site-config'
import { serverSiteData } from '#src/web/site-data'
import { renderHtml } from './render'
import type { ReferenceSetup } from './setup'

const [dbFile, setupFile, port] = process.argv.slice(2)
if (!dbFile || !setupFile || !port) throw new Error('usage: node server.js <folio.db> <assets.json> <port>')
const { assets, origin } = JSON.parse(readFileSync(setupFile, 'utf8')) as ReferenceSetup

const sqlite = new Database(dbFile, { readonly: true, fileMustExist: true })
// NOTE: folio's Db is typed for its bun:sqlite driver (run() returns void); the services only read
// through it here, so the better-sqlite3 driver's other run() result never reaches them.
const db = drizzle(sqlite, { schema }) as unknown as Db
// folio's configuration for an environment with nothing set but SITE_URL, as the bench runs it
// (its SiteConfig fields: no API_BASE or captcha, analytics on). DATA_DIR is the copy's folder,
// which exists: loadConfig only checks it is writable.
const dataDir = dirname(dbFile)
const config = loadConfig({ SITE_URL: origin, DATA_DIR: dataDir }, dataDir)
// Settings are read once, as folio's store does, and never change: the database is read-only.
const site = siteConfigOf(config, settingsStore(db))
const data = serverSiteData(db, systemClock)

const app = express()
app.disable('x-powered-by')
app.disable('etag')
app.get('/{*path}', async (req, res) => {
  const requested = new URL(req.originalUrl, config.origin.origin)
  // As folio's planPage: a page renders for the query its route declares, other parameters
  // dropped; a filter its API refuses is the plain 400 page, with no render.
  const match = findRoute(requested.pathname)
  const query = match && match.route.cache !== false ? declaredQuery(match.route, requested.searchParams) : requested.search
  const problem = match ? pageQueryProblem(match.route.path, query) : null
  if (problem) {
    const page = badQueryPage(site.siteName, assets.css, problem, requested.pathname)
    res.status(page.status).type('html').send(await page.text())
    return
  }
  const { status, html } = await renderHtml({ url: new URL(requested.pathname + query, requested), site, origin: config.origin, data, assets })
  res.status(status).type('html').send(html)
})
app.listen(Number(port), '127.0.0.1', () => console.log(`ready on ${port}`))
