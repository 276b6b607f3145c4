// Preview room: POST /api/admin/preview renders markdown exactly as a save would; preview links
// (POST /api/admin/preview-links, DELETE to revoke them all) open a draft's page privately. The
// page itself (/preview/{token}) is rendered with the public pages (src/web/routes.ts).
import { Elysia } from 'elysia'
import { z } from 'zod'
import type { AppDeps } from '#src/app-deps'
import { PreviewLinkInput } from '#src/contract/publication'
import { validate } from '#src/lib/http-error'
import { renderMarkdown } from '#src/lib/markdown'
import { createPreviewLink, revokePreviewLinks } from './links'
import { routePolicies } from '#src/plugins/route-policies'

const PreviewInput = z.strictObject({ markdown: z.string({ error: 'markdown must be text.' }).max(200_000) })

export const previewRoutes = ({ conn, clock, config }: AppDeps) =>
  new Elysia().use(routePolicies)
    .post('/api/admin/preview', async ({ body, set }) => {
      set.headers['cache-control'] = 'no-store'
      return { html: await renderMarkdown(validate(PreviewInput, body).markdown) }
    })
    .post('/api/admin/preview-links', ({ body, set }) => {
      set.status = 201
      return createPreviewLink(conn.db, clock, config.origin, validate(PreviewLinkInput, body))
    })
    .delete('/api/admin/preview-links', () => {
      revokePreviewLinks(conn.db)
      return { ok: true as const }
    })
