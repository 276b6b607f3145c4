// Content files room: GET /api/admin/content/export (every post and project as markdown, with
// their uploads, in one zip) and POST /api/admin/content/import (such a zip, or a zipped Hugo or
// Astro folder). Both behind the admin boundary; the import's body is raw zip bytes.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { CONTENT_ARCHIVE_MAX_BYTES, type ContentImportSummary } from '#src/contract/content-files'
import { utcDay } from '#src/lib/clock'
import { HttpError } from '#src/lib/http-error'
import type { Upload } from '#src/plugins/body'
import { ImportRefused, problemDetail } from './problems'
import { routePolicies } from '#src/plugins/route-policies'
import { CONTENT_TAGS } from '#src/contract/content-tags'
import { bodySlots } from '#src/features/uploads'

// NOTE: loaded on first use: the YAML and zip code is not needed to serve, and start-up time is measured.
const exporter = () => import('./export')
const importer = () => Promise.all([import('./import'), import('./source')])

export const contentFileRoutes = (deps: AppDeps) => {
  const { conn, config, clock, log } = deps
  // The import's zip is read whole: it counts among the bodies in flight (body-slots.ts).
  return new Elysia().use(routePolicies).use(bodySlots(deps))
    .get('/api/admin/content/export', async () => {
      const { collectContent, contentZip } = await exporter()
      const now = clock.now()
      const content = collectContent(conn.db, config.dataDir, now)
      if (content.missing.length) log.warn('content export: uploads the content names are missing', { missing: content.missing.length })
      return new Response(contentZip(content, now), {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="folio-content-${utcDay(now)}.zip"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      })
    })
    .post('/api/admin/content/import', async ({ body, set }): Promise<ContentImportSummary> => {
      set.headers['cache-control'] = 'no-store'
      const [{ importContent }, { zipSource }] = await importer()
      try {
        const summary = await importContent({ db: conn.db, dataDir: config.dataDir, clock }, zipSource((body as Upload).bytes))
        log.info('content imported', { posts: summary.posts, projects: summary.projects, uploads: summary.uploads.copied })
        return summary
      } catch (error) {
        if (error instanceof ImportRefused) throw new HttpError(400, error.message, error.problems.map(problemDetail))
        throw error
      }
    }, { bodyLimit: CONTENT_ARCHIVE_MAX_BYTES, bodyKind: 'archive', invalidates: CONTENT_TAGS })
}
