// The notice above a draft's preview page: what it is and until when the link works.
import type { PreviewTarget } from '../features/preview/links'

const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

export const PREVIEW_NOTICE = 'Private preview: this page is not public.'

export function previewBanner(target: PreviewTarget): string {
  const expires = until.format(new Date(target.expiresAt))
  return `<p class="preview-banner" role="note"><strong>${PREVIEW_NOTICE}</strong> This link works until <time datetime="${target.expiresAt}">${expires} UTC</time>.</p>`
}
