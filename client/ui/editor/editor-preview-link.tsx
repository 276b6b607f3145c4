// A private, expiring link to a draft's or scheduled item's page (issue 6), made on request and
// shown with Copy and the time it stops working, as resume links are.
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { PreviewLinkInput } from '#src/contract/publication'
import { isUnauthorized } from '#client/lib/admin-api'
import { COPIED, COPY_FAILED, copyText, NOTICE_MS } from '#client/lib/copy-text'
import { createPreviewLink } from '#client/lib/editor/api'
import { failureOf } from '#client/lib/editor/editor-form'
import { formatDateTime } from '#client/lib/format-date'
import { EditorAlert } from './editor-alert'

export const PREVIEW_LINK_FAILED = 'Failed to create preview link'
/** Sent rather than left to the server's default, so the help text below stays true. */
export const PREVIEW_LINK_HOURS = 72

type Props = { kind: PreviewLinkInput['kind']; slug: string }

export function EditorPreviewLink({ kind, slug }: Props) {
  const id = `${kind}-preview-link`
  const field = useRef<HTMLInputElement>(null)
  const [copy, setCopy] = useState<'copied' | 'manual' | null>(null)
  const create = useMutation({
    mutationFn: () => createPreviewLink({ kind, slug, hours: PREVIEW_LINK_HOURS }),
    onMutate: () => setCopy(null),
  })
  const failure = create.isError && !isUnauthorized(create.error) ? failureOf(create.error, PREVIEW_LINK_FAILED) : null
  const link = create.data

  // As on the resumes screen: 'copied' hides after a while; a failed copy stays until the next try.
  useEffect(() => {
    if (copy !== 'copied') return
    const timer = setTimeout(() => setCopy(null), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [copy])

  async function copyLink(url: string) {
    if (await copyText(url)) return setCopy('copied')
    // The browser refused: the link is selected in its field, to copy by hand.
    setCopy('manual')
    field.current?.focus()
    field.current?.select()
  }

  return (
    <div className="editor-preview-link">
      {/* NOTE: aria-disabled, not disabled: disabling the focused button would drop keyboard focus. */}
      <button type="button" className="button" aria-disabled={create.isPending || undefined} aria-describedby={`${id}-help`} onClick={() => !create.isPending && create.mutate()}>
        {create.isPending ? 'Creating…' : 'Create preview link'}
      </button>
      <p className="help" id={`${id}-help`}>
        A private link to this page as last saved, for anyone you send it to. It works for {PREVIEW_LINK_HOURS / 24} days.
      </p>
      {link && (
        <div className="field">
          <label htmlFor={id}>Preview link</label>
          <div className="editor-preview-link-row">
            <input
              ref={field}
              id={id}
              type="text"
              readOnly
              value={link.url}
              aria-describedby={`${id}-expiry`}
              onFocus={(e) => e.currentTarget.select()}
              // Enter in a field submits its form: here it would save the post, not use the link.
              onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
            />
            <button type="button" className="button" onClick={() => void copyLink(link.url)}>
              Copy<span className="visually-hidden"> the preview link</span>
            </button>
          </div>
          <p className="help" id={`${id}-expiry`}>
            Works until <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>
          </p>
        </div>
      )}
      {/* Always in the page, so screen readers hear the text appear in it. */}
      <p className="editor-status" role="status">
        {copy === 'copied' ? COPIED : ''}
      </p>
      {copy === 'manual' && (
        <p className="form-error" role="alert">
          {COPY_FAILED}
        </p>
      )}
      <EditorAlert failure={failure} />
    </div>
  )
}
