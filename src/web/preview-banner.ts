// The notice above a draft's preview page: what it is and until when the link works.
import { formatDateTime } from '#client/lib/format-date'
import type { PreviewTarget } from '../features/preview/links'

export const PREVIEW_NOTICE = 'Private preview: this page is not public.'

export function previewBanner(target: PreviewTarget): string {
  return `<p class="preview-banner" role="note"><strong>${PREVIEW_NOTICE}</strong> This link works until <time datetime="${target.expiresAt}">${formatDateTime(target.expiresAt)}</time>.</p>`
}
