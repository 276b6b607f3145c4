// Putting a link on the clipboard, and what a screen says about it (resume and preview links).

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
/** Spec section 9: the resume notice hides after 5 s (a preview link's notice too). */
export const NOTICE_MS = 5000
