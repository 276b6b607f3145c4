// Putting a resume link on the clipboard, and what the resumes screen says about it.

/** The address to hand out: the site's origin plus the server's relative '/resume/{token}'. */
export const fullUrl = (relative: string) => `${window.location.origin}${relative}`

/** True when the text reached the clipboard; false when the browser refused or has no clipboard. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

export const COPIED = 'Link copied to the clipboard.'
export const COPY_FAILED = 'Unable to copy. Copy it manually instead.'
export const GENERATE_FAILED = 'Failed to generate resume link.'
export const LINKS_FAILED = 'Unable to load resume links.'
export const NO_LINKS = 'No resume links generated in the past 7 days.'
/** In place of Copy and Open when the server lists a link without its token (docs/decisions/008). */
export const NOT_RECOVERABLE = 'Link not recoverable on this server (restored from a backup); it still works if you have it.'
/** Spec section 9: the resume notice hides after 5 s. */
export const NOTICE_MS = 5000

/** What the screen last said: a copied link, a link to copy by hand, or a failure. */
export type ResumeNotice = { kind: 'copied'; url: string } | { kind: 'manual'; url: string } | { kind: 'error'; message: string }
