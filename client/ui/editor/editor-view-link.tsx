// After a save (issue 20): "View on site" for a published item (its public page, in a new tab), or
// "Preview" for a draft or scheduled one (a fresh private preview link, opened in a new tab).
import { useMutation } from '@tanstack/react-query'
import type { Publication, PreviewLinkInput } from '#src/contract/publication'
import * as paths from '#src/contract/paths'
import { isUnauthorized } from '#client/lib/admin-api'
import { createPreviewLink } from '#client/lib/editor/api'
import { failureOf } from '#client/lib/editor/editor-form'
import { EditorAlert } from './editor-alert'
import { PREVIEW_LINK_FAILED, PREVIEW_LINK_HOURS } from './editor-preview-link'

type Props = { kind: PreviewLinkInput['kind']; stored: { slug: string } & Publication }

export function EditorViewLink({ kind, stored }: Props) {
  const preview = useMutation({ mutationFn: () => createPreviewLink({ kind, slug: stored.slug, hours: PREVIEW_LINK_HOURS }) })
  if (stored.status === 'published') {
    const href = kind === 'post' ? paths.post(stored.slug) : paths.project(stored.slug)
    return (
      <a className="button editor-view-link" href={href} target="_blank" rel="noopener">
        View on site<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    )
  }

  function open() {
    if (preview.isPending) return
    // Opened now, inside the click, so no popup blocker stops it; it gets its address once made.
    const tab = window.open('about:blank', '_blank')
    preview.mutate(undefined, {
      onSuccess: (link) => {
        if (tab) tab.location.href = link.url
        else window.location.assign(link.url)
      },
      onError: () => tab?.close(),
    })
  }
  const failure = preview.isError && !isUnauthorized(preview.error) ? failureOf(preview.error, PREVIEW_LINK_FAILED) : null
  return (
    <>
      <button type="button" className="button editor-view-link" aria-disabled={preview.isPending || undefined} onClick={open}>
        {preview.isPending ? 'Opening preview…' : 'Preview'}
        <span className="visually-hidden"> (opens a private preview in a new tab)</span>
      </button>
      <EditorAlert failure={failure} />
    </>
  )
}
