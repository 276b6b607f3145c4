// What the resumes screen says about its links (copying them: client/lib/copy-text.ts).

/** The address to hand out: the site's origin plus the server's relative '/resume/{token}'. */
export const fullUrl = (relative: string) => `${window.location.origin}${relative}`

export const GENERATE_FAILED = 'Failed to generate resume link.'
export const LINKS_FAILED = 'Unable to load resume links.'
export const NO_LINKS = 'No resume links generated in the past 7 days.'
/** In place of Copy and Open when the server lists a link without its token (docs/decisions/security/008). */
export const NOT_RECOVERABLE = 'Link not recoverable on this server (restored from a backup); it still works if you have it.'

/** What the screen last said: a copied link, a link to copy by hand, or a failure. */
export type ResumeNotice = { kind: 'copied'; url: string } | { kind: 'manual'; url: string } | { kind: 'error'; message: string }
