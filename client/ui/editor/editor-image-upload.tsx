// An image upload button for the project editor: picks a file, sends it, hands back its URL.
import { useRef, useState } from 'react'
import { isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { IMAGE_TYPES, uploadImage } from '#client/lib/editor/api'
import { useToast } from '#client/ui/toast'

type Props = { label: string; onUploaded: (url: string) => void }

export function EditorImageUpload({ label, onUploaded }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const toast = useToast()

  async function send(file: File) {
    setBusy(true)
    setError(null)
    try {
      onUploaded(await uploadImage(file))
      toast('Image uploaded.', 'success')
    } catch (e) {
      if (isUnauthorized(e)) return reportSessionEnded()
      setError(e instanceof Error ? e.message : 'Upload failed')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="editor-upload">
      {/* NOTE: aria-disabled, not disabled: disabling the focused button would drop keyboard focus. */}
      <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => !busy && input.current?.click()}>
        {busy ? 'Uploading…' : label}
      </button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES}
        hidden
        aria-label={label}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void send(file)
        }}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
