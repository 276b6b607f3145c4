// One-time resume links (spec section 3, contract.md).
export type ResumeLinkStatus = 'valid' | 'viewed' | 'expired'
/**
 * `token` and `relativeUrl` are '' when this server cannot give the token back (its key is not the
 * one the link was sealed under: restored from a backup made elsewhere). The link still works.
 */
export type ResumeLink = {
  token: string
  createdAt: string
  expiresAt: string
  status: ResumeLinkStatus
  used: boolean
  usedAt: string | null
  relativeUrl: string
}
export type SignedResumeUrl = { url: string; expiresAt: string }
/** What GET /api/resume/{token} answers: enough for the landing page, nothing consumed. */
export type ResumeLinkState = { status: ResumeLinkStatus; expiresAt: string }

export const RESUME_MESSAGES = {
  notFound: 'This link does not exist.',
  used: 'This link has already been used.',
  expired: 'This link has expired.',
  unavailable: 'No resume is available right now.',
} as const

/** Why the admin cannot sign a link yet (409 from sign-url, and the disabled button's reason). */
export const RESUME_NO_FILE = 'Upload a resume PDF first: links need a file to download.'

/** The resume PDF the links hand out: an upload wins over RESUME_FILE. */
export type ResumeFileStatus = { present: boolean; source: 'upload' | 'env' | null; size?: number; uploadedAt?: string | null }
