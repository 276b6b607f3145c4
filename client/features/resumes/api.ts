// The resumes screen's calls: one-time links (generate, and those of the last 7 days) and the
// resume file (its status, and the upload of a PDF's raw bytes).
import * as adminPaths from '#src/contract/admin-paths'
import type { ItemList } from '#src/contract/errors'
import type { ResumeFileStatus, ResumeLink, SignedResumeUrl } from '#src/contract/resume'
import { adminApi, postBytes } from '#client/lib/admin-api'

export type { ResumeFileStatus }

export const resumeLinksQuery = {
  queryKey: ['admin', 'resume', 'links'] as const,
  queryFn: () => adminApi.get<ItemList<ResumeLink>>(adminPaths.resumeLinks),
}

export const generateResumeLink = () => adminApi.post<SignedResumeUrl>(adminPaths.resumeSignUrl)

export const RESUME_MAX_BYTES = 10 * 1024 * 1024

export const resumeFileQuery = {
  queryKey: ['admin', 'resume', 'file'] as const,
  queryFn: () => adminApi.get<ResumeFileStatus>(adminPaths.resumeFile),
}

export const removeResume = () => adminApi.del<ResumeFileStatus>(adminPaths.resumeFile)
export const uploadResume = (file: Blob) => postBytes<ResumeFileStatus>(adminPaths.resumeFile, file, 'application/pdf')
