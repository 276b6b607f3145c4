// The resumes screen's message: 'copied' hides after 5 s; a failed copy keeps the link on screen,
// selected in a read-only field, until the admin copies it by hand and moves on.
import { useEffect, useRef } from 'react'
import { COPIED, COPY_FAILED, NOTICE_MS } from '#client/lib/copy-text'
import type { ResumeNotice } from './resumes-copy'

type Props = { notice: ResumeNotice | null; onDismiss: () => void }

export function ResumesNotice({ notice, onDismiss }: Props) {
  const field = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (notice?.kind !== 'copied') return
    const timer = setTimeout(onDismiss, NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice, onDismiss])

  useEffect(() => {
    if (notice?.kind !== 'manual') return
    field.current?.focus()
    field.current?.select()
  }, [notice])

  return (
    <div className="resumes-notice">
      {/* Always in the page, so screen readers hear the text appear in it. */}
      <p className="notice success" role="status">
        {notice?.kind === 'copied' ? COPIED : ''}
      </p>
      {notice?.kind === 'error' && (
        <p className="form-error" role="alert">
          {notice.message}
        </p>
      )}
      {notice?.kind === 'manual' && (
        <div className="resumes-manual">
          <p className="form-error" role="alert">
            {COPY_FAILED}
          </p>
          <label htmlFor="resume-manual-link">Resume link</label>
          <input ref={field} id="resume-manual-link" type="text" readOnly value={notice.url} aria-describedby="resume-manual-help" onFocus={(e) => e.currentTarget.select()} />
          <p id="resume-manual-help" className="help">
            The link is selected: copy it with Ctrl+C (⌘C on a Mac) and paste it where you need it.
          </p>
          <button type="button" className="button" onClick={onDismiss}>
            Done
          </button>
        </div>
      )}
    </div>
  )
}
