// `folio export <dir>`: the whole public site as static files for any static host or CDN. Every
// page is rendered in-process by the real app (no socket; src/cli/export-site.ts hands it in, since
// the app is composed above this layer), flagged as a static site: a list page
// is rendered without a query, its island carries the whole list and filters it in the page
// (client/site/static-site.ts), so the browser never asks for data no server would answer.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { AppDeps } from '#src/app-deps'
import { absoluteUrl } from '#src/contract/site-origin'
import type { Logger } from '#src/lib/logger'
import { clientAssets } from '#src/web/assets'
import { IMAGE_NAME, imagesDir, VARIANT_NAME, variantsDir } from '#src/features/uploads/image-names'
import { checkTarget, exportTarget, MARKER, publish, stagingDir } from './output-dir'
import { siteAssetUrls } from './site-assets'
import { EXTRA_DOCUMENTS, fileOfDocument, fileOfPage, isPrivatePath, NOT_FOUND_PROBE, publicPages, tagFeedDocuments } from './pages'
import { SHARE_IMAGE } from '#src/web/media'

export { ExportRefused } from './output-dir'
export type ExportSummary = { pages: number; files: number; bytes: number }
export type ExportOptions = { log?: (line: string) => void }
/** The app every page is rendered by (createApp), given the export's own deps. */
export type SiteApp = (deps: AppDeps) => { handle(request: Request): Promise<Response> }

/** Always written: what every page's head links besides its own assets. */
/** Files every page may name by absolute URL (the social card image), besides the favicons. */
const FAVICONS = ['/favicon.svg', '/favicon.ico', SHARE_IMAGE.path]
/** Root-relative /media/ URLs in markup or page state (an attribute, a JSON string, a srcset). */
const MEDIA_REF = /(?<=["'(=,\s])\/media\/[\w.~/-]+/g
/** The share cards pages name by absolute URL in og:image (src/features/share-cards): drawn once here. */
const CARD_REF = /\/og\/(?:home|posts\/[\w.~%-]+|projects\/[\w.~%-]+)\.png/g

// The app logs a line per request: for a few hundred renders only its warnings and errors matter.
const quiet = (log: Logger): Logger => ({ ...log, debug() {}, info() {} })

/**
 * Writes the public site into `outDir`: missing, empty or a previous export (anything else is
 * refused with ExportRefused). Built beside it and swapped in at the end. NOTE: give it a
 * connection of its own, not a running server's (the demo runtime is keyed by connection).
 */
export async function exportSiteWith(createApp: SiteApp, deps: AppDeps, outDir: string, options: ExportOptions = {}): Promise<ExportSummary> {
  const say = options.log ?? (() => {})
  const target = exportTarget(outDir)
  checkTarget(target)
  const assets = await clientAssets()
  const app = createApp({ ...deps, log: quiet(deps.log), config: { ...deps.config, staticExport: true } })
  const get = (path: string) => app.handle(new Request(absoluteUrl(deps.config.origin, path)))

  const staged = stagingDir(target)
  const summary: ExportSummary = { pages: 0, files: 0, bytes: 0 }
  const write = (file: string, bytes: Uint8Array | string) => {
    const path = join(staged, file)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, bytes)
    summary.files++
    summary.bytes += typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength
  }
  try {
    const media = new Set<string>()
    const page = async (path: string, file: string, status: number) => {
      const res = await get(path)
      if (res.status !== status) throw new Error(`export: ${path} answered ${res.status}, expected ${status}`)
      const html = await res.text()
      for (const ref of [...(html.match(MEDIA_REF) ?? []), ...(html.match(CARD_REF) ?? [])]) media.add(ref)
      write(file, html)
      summary.pages++
    }
    for (const path of publicPages(deps.conn.db, deps.clock.now().toISOString())) await page(path, fileOfPage(path), 200)
    await page(NOT_FOUND_PROBE, '404.html', 404)
    say(`pages: ${summary.pages} (404.html included)`)

    const tagFeeds = tagFeedDocuments(deps.conn.db, deps.clock.now().toISOString())
    for (const path of [...EXTRA_DOCUMENTS, ...tagFeeds, ...FAVICONS, ...[...media].sort()]) {
      if (isPrivatePath(path)) continue
      const res = await get(path)
      if (res.status === 200) write(fileOfDocument(path), new Uint8Array(await res.arrayBuffer()))
      else if (!EXTRA_DOCUMENTS.includes(path)) say(`skipped ${path}: the site answers it with ${res.status}`)
    }

    const siteAssets = siteAssetUrls(assets)
    for (const url of siteAssets) {
      const asset = assets.files.get(url)!
      const file = fileOfDocument(url)
      write(file, asset.body)
      // Served as they are by nginx gzip_static/brotli_static and most CDNs.
      if (asset.gzip) write(`${file}.gz`, asset.gzip)
      if (asset.br) write(`${file}.br`, asset.br)
    }
    say(`assets: ${siteAssets.length} of the public site (with .gz and .br beside them)`)

    const uploads = copyUploads(deps.config.dataDir, join(staged, 'uploads', 'images'))
    summary.files += uploads.files
    summary.bytes += uploads.bytes
    say(`uploaded images: ${uploads.files}`)

    writeFileSync(join(staged, MARKER), JSON.stringify({ exportedAt: deps.clock.now().toISOString(), siteUrl: deps.config.siteUrl, ...summary }) + '\n')
    publish(staged, target)
  } catch (error) {
    rmSync(staged, { recursive: true, force: true })
    throw error
  }
  say(`exported ${summary.pages} pages, ${summary.files} files, ${summary.bytes} bytes to ${target}`)
  return summary
}

/** The uploaded images and their variants, as the live site serves them at /uploads/images/ (never the resume). */
function copyUploads(dataDir: string, to: string): { files: number; bytes: number } {
  const copy = (from: string, into: string, pattern: RegExp) => {
    if (!existsSync(from)) return { files: 0, bytes: 0 }
    const names = readdirSync(from).filter((name) => pattern.test(name))
    if (names.length) mkdirSync(into, { recursive: true })
    let bytes = 0
    for (const name of names) {
      copyFileSync(join(from, name), join(into, name))
      bytes += Bun.file(join(into, name)).size
    }
    return { files: names.length, bytes }
  }
  const originals = copy(imagesDir(dataDir), to, IMAGE_NAME)
  const variants = copy(variantsDir(dataDir), join(to, 'variants'), VARIANT_NAME)
  return { files: originals.files + variants.files, bytes: originals.bytes + variants.bytes }
}
