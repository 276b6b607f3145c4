// Preview room: POST /api/admin/preview renders markdown exactly as a save would.
import { Elysia } from 'elysia'
import { z } from 'zod'
import type { AppDeps } from '../../app-deps'
import { validate } from '../../lib/http-error'
import { renderMarkdown } from '../../lib/markdown'

const PreviewInput = z.strictObject({ markdown: z.string({ error: 'markdown must be text.' }).max(200_000) })

export const previewRoutes = (_deps: AppDeps) =>
  new Elysia().post('/api/admin/preview', async ({ body, set }) => {
    set.headers['cache-control'] = 'no-store'
    return { html: await renderMarkdown(validate(PreviewInput, body).markdown) }
  })
