// The resume file calls: its status, and the upload of a PDF's raw bytes.
import * as adminPaths from '#src/contract/admin-paths'
import type { ResumeFileStatus } from '#src/contract/resume'
import { adminApi } from '../api'
import { postBytes } from '../post-bytes'

export type { ResumeFileStatus }

export const RESUME_MAX_BYTES = 10 * 1024 * 1024

export const resumeFileQuery = {
  queryKey: ['admin', 'resume', 'file'] as const,
  queryFn: () => adminApi.get<ResumeFileStatus>(adminPaths.resumeFile),
}

export const uploadResume = (file: Blob) => postBytes<ResumeFileStatus>(adminPaths.resumeFile, file, 'application/pdf')
