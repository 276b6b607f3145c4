// Resume room: the PDF the one-time links hand out; an upload wins over RESUME_FILE.
import { Elysia } from 'elysia'
import { mkdirSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import type { AppDeps } from '#src/app-deps'
import { badRequest, HttpError } from '#src/lib/http-error'
import type { Upload } from '#src/plugins/body'
import { isPdf, writeAtomically } from '#src/features/uploads'
import { resumeCandidates, resumeFileStatus } from './service'
import { routePolicies } from '#src/plugins/route-policies'

export const resumeFileRoutes = ({ config }: AppDeps) => {
  const [uploadPath] = resumeCandidates(config.dataDir, null) as [string]
  const current = () => resumeFileStatus(config.dataDir, config.resumeFile)
  return new Elysia().use(routePolicies)
    .get('/api/admin/resume/file', ({ set }) => {
      set.headers['cache-control'] = 'no-store'
      return current()
    })
    .post('/api/admin/resume/file', ({ body }) => {
      const upload = body as Upload
      if (upload.type !== 'application/pdf') throw new HttpError(415, 'Upload the resume as a PDF (Content-Type: application/pdf).')
      if (!isPdf(upload.bytes)) throw badRequest('That file is not a PDF.')
      mkdirSync(dirname(uploadPath), { recursive: true })
      writeAtomically(uploadPath, upload.bytes)
      return current()
    }, { bodyKind: 'upload' })
    .delete('/api/admin/resume/file', () => {
      rmSync(uploadPath, { force: true })
      return current()
    })
}
