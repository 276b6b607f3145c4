// The small dialog that asks for an image's alt text before it goes into the body: prefilled from
// the file name, Enter inserts, Escape or Cancel inserts nothing.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { createPortal } from 'react-dom'

export type AltRequest = { fileName: string; suggested: string; answer: (alt: string | null) => void }

export function AltTextDialog({ request }: { request: AltRequest | null }) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const [alt, setAlt] = useState('')

  useEffect(() => {
    const box = dialog.current
    if (!box || !request) return
    setAlt(request.suggested)
    if (typeof box.showModal === 'function') box.showModal()
    else box.setAttribute('open', '')
    return () => {
      if (box.open) box.close()
    }
  }, [request])

  if (!request) return null
  const accept = (e: FormEvent) => {
    // NOTE: the dialog is portalled, but React still bubbles its submit to the editor's form.
    e.preventDefault()
    e.stopPropagation()
    request.answer(alt.trim())
  }
  return createPortal(
    <dialog
      ref={dialog}
      className="alt-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault()
        request.answer(null)
      }}
    >
      <form onSubmit={accept}>
        <h2 id={`${id}-title`}>Describe the image</h2>
        <p className="help alt-dialog-file">{request.fileName}</p>
        <div className="field">
          <label htmlFor={`${id}-alt`}>Alt text</label>
          <input id={`${id}-alt`} type="text" value={alt} autoFocus aria-describedby={`${id}-help`} onChange={(e) => setAlt(e.target.value)} />
          <p className="help" id={`${id}-help`}>
            What the image shows, read aloud to visitors who cannot see it. Leave it empty only for a decorative image.
          </p>
        </div>
        <div className="alt-dialog-actions">
          <button type="submit" className="button primary">
            Insert image
          </button>
          <button type="button" className="button" onClick={() => request.answer(null)}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  )
}
