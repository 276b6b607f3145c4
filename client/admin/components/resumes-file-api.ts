// The resume file calls. NOTE: the upload sends the PDF's raw bytes, which the JSON API client
// cannot do, so it calls fetch itself with the client's URL and the same credentials rule.
import { ApiError, REQUEST_FAILED, serverMessage } from '../../lib/api'
import type { ResumeFileStatus } from '../../../src/contract/resume'
import { adminApi } from '../api'

export type { ResumeFileStatus }

export const RESUME_MAX_BYTES = 10 * 1024 * 1024

export const resumeFileQuery = {
  queryKey: ['admin', 'resume', 'file'] as const,
  queryFn: () => adminApi.get<ResumeFileStatus>('/admin/resume/file'),
}

export async function uploadResume(file: Blob): Promise<ResumeFileStatus> {
  let res: Response
  try {
    res = await fetch(adminApi.url('/admin/resume/file'), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/pdf' },
      body: file,
    })
  } catch (e) {
    throw new ApiError(0, undefined, REQUEST_FAILED, { cause: e })
  }
  const text = await res.text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  if (!res.ok) throw new ApiError(res.status, body, serverMessage(body) ?? (res.statusText || REQUEST_FAILED))
  return body as ResumeFileStatus
}
