// The editors' "Details" (issue 20): the fields around the body (slug, summary, tags, dates,
// publication…), folded away so the body gets the room. Open for a new item (its summary is
// required) and whenever a field inside has an error, so no message is hidden.
import { useEffect, useState, type ReactNode } from 'react'

type Props = { startOpen: boolean; hasError: boolean; summary: string; children: ReactNode }

export function EditorDetails({ startOpen, hasError, summary, children }: Props) {
  const [open, setOpen] = useState(startOpen)
  useEffect(() => {
    if (hasError) setOpen(true)
  }, [hasError])
  return (
    <details className="editor-details" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="editor-details-title">Details</span>
        <span className="editor-details-summary">{summary}</span>
      </summary>
      <div className="editor-details-fields">{children}</div>
    </details>
  )
}
