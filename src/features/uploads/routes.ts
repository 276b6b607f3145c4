// Uploads room: POST /api/admin/uploads (an image) and GET /uploads/images/{file}.
import { Elysia } from 'elysia'
import { join } from 'node:path'
import type { AppDeps } from '#src/app-deps'
import { HttpError, notFound } from '#src/lib/http-error'
import type { Upload } from '#src/plugins/body'
import { bodySlots } from './body-slots'
import { IMAGE_MIME_BY_EXT } from './image-types'
import { IMAGE_NAME, imagesDir, VARIANT_NAME, variantsDir } from './image-names'
import { saveImage } from './service'
import { routePolicies } from '#src/plugins/route-policies'

async function imageFile(dir: string, name: string) {
  const file = Bun.file(join(dir, name))
  if (!(await file.exists())) throw notFound()
  return new Response(file, {
    headers: {
      'content-type': IMAGE_MIME_BY_EXT[name.split('.').pop()!]!,
      // Content-addressed: the bytes behind a name never change.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  })
}

export const uploadRoutes = (deps: AppDeps) => {
  const { config, conn, images } = deps
  return new Elysia().use(routePolicies).use(bodySlots(deps))
    .post('/api/admin/uploads', ({ body, set }) => {
      const upload = body as Upload
      if (upload.type === 'application/pdf') throw new HttpError(415, 'Upload an image here; the resume has its own upload.')
      set.status = 201
      const saved = saveImage(conn.db, config.dataDir, upload)
      images?.request()
      return saved
    }, { bodyKind: 'upload' })
    .get('/uploads/images/:file', ({ params }) => {
      if (!IMAGE_NAME.test(params.file)) throw notFound()
      return imageFile(imagesDir(config.dataDir), params.file)
    })
    .get('/uploads/images/variants/:file', ({ params }) => {
      if (!VARIANT_NAME.test(params.file)) throw notFound()
      return imageFile(variantsDir(config.dataDir), params.file)
    })
}
