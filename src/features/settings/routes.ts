// Settings room: the owner's site settings and the sample content's removal (contract "Site
// settings"). Every page shows the settings, so a change drops every cached page ('site').
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { CONTENT_TAGS } from '#src/contract/content-tags'
import { SettingsPatch } from '#src/contract/owner/settings'
import { badRequest, validate } from '#src/lib/http-error'
import { routePolicies } from '#src/plugins/route-policies'
import { IMAGES_URL, imagesDir } from '#src/features/uploads'
import { countSample, removeSample } from './sample-content'
import { settingsStore } from './service'

export const settingsRoutes = ({ conn, config, clock }: AppDeps) => {
  const store = settingsStore(conn.db)
  return new Elysia().use(routePolicies)
    .get('/api/admin/settings', () => store.get())
    .put('/api/admin/settings', async ({ body }) => {
      const patch = validate(SettingsPatch, body)
      // The photo must be an image uploaded here (POST /api/admin/uploads), not any path.
      if (patch.avatar && !existsSync(join(imagesDir(config.dataDir), patch.avatar.slice(IMAGES_URL.length)))) {
        throw badRequest('The photo was not found among the uploaded images: upload it first.')
      }
      return store.update(patch, clock)
    }, { invalidates: ['site'] })
    .get('/api/admin/sample-content', () => ({ items: countSample(conn.db) }))
    .delete('/api/admin/sample-content', async () => ({ ok: true as const, removed: await removeSample(conn.db, clock) }), { invalidates: CONTENT_TAGS })
}
