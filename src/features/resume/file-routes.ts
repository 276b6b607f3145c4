// Resume room: the PDF the one-time links hand out; an upload wins over RESUME_FILE.
import { Elysia } from 'elysia'
import { mkdirSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import type { AppDeps } from '#src/app-deps'
import type { ResumeFileStatus } from '#src/contract/resume'
import { badRequest, HttpError } from '#src/lib/http-error'
import type { Upload } from '#src/plugins/body'
import { isPdf } from '../uploads/image-types'
import { writeAtomically } from '../uploads/service'
import { resumeCandidates } from './service'
import { routePolicies } from '#src/plugins/route-policies'

function status(uploadPath: string, envPath: string | null): ResumeFileStatus {
  for (const [path, source] of [[uploadPath, 'upload'], [envPath, 'env']] as const) {
    if (!path) continue
    try {
      const st = statSync(path)
      if (st.isFile()) return { present: true, source, size: st.size, uploadedAt: source === 'upload' ? st.mtime.toISOString() : null }
    } catch {
      // not there: try the next source
    }
  }
  return { present: false, source: null }
}

export const resumeFileRoutes = ({ config }: AppDeps) => {
  const [uploadPath] = resumeCandidates(config.dataDir, null) as [string]
  const current = () => status(uploadPath, config.resumeFile)
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
    }, { bodyKind: 'upload', invalidates: [] })
    .delete('/api/admin/resume/file', () => {
      rmSync(uploadPath, { force: true })
      return current()
    }, { invalidates: [] })
}
