// The owner's photo: the current one (round, as the home page shows it), "Change photo" to pick a
// file and place the square crop, "Remove photo". The upload happens here; Save publishes it.
import { useEffect, useRef, useState } from 'react'
import { errorText } from '#client/lib/api'
import { isUnauthorized } from '#client/lib/admin-api'
import { describedByOf, FieldNotes } from '#client/ui/editor/field-notes'
import { SETTINGS_TEXTS, uploadImage } from './api'
import { decodeImage, PHOTO_TYPES, squareBlob } from './settings-photo-crop'
import { SettingsPhotoCrop } from './settings-photo-crop-step'

type Props = { avatar: string | null; name: string; error?: string | undefined; onChange: (avatar: string | null) => void }

export function SettingsPhoto({ avatar, name, error, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const change = useRef<HTMLButtonElement>(null)
  const [picked, setPicked] = useState<ImageBitmap | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [refocus, setRefocus] = useState(0)

  useEffect(() => {
    if (refocus) change.current?.focus()
  }, [refocus])
  useEffect(() => () => picked?.close(), [picked])

  async function pick(file: File) {
    setProblem(null)
    try {
      setPicked(await decodeImage(file))
    } catch (e) {
      setProblem(errorText(e))
    }
  }

  async function use(position: number) {
    if (!picked || busy) return
    setBusy(true)
    setProblem(null)
    try {
      onChange(await uploadImage(await squareBlob(picked, position)))
      setPicked(null)
      setRefocus((n) => n + 1)
    } catch (e) {
      if (!isUnauthorized(e)) setProblem(`${SETTINGS_TEXTS.photoFailed}: ${errorText(e)}`)
    } finally {
      setBusy(false)
    }
  }

  const message = problem ?? error
  return (
    <div className="field settings-photo">
      <span className="settings-photo-label" id="settings-avatar-label">
        Photo
      </span>
      <div className="settings-photo-row">
        {avatar ? (
          <img className="settings-avatar" src={avatar} alt={`Current photo of ${name}`} width={96} height={96} />
        ) : (
          <span className="settings-avatar settings-avatar-empty" aria-hidden="true">
            {name.trim().charAt(0).toUpperCase() || '?'}
          </span>
        )}
        <div className="settings-photo-actions">
          <button ref={change} type="button" className="button" aria-describedby={describedByOf('settings-avatar', true, message ?? undefined)} onClick={() => input.current?.click()}>
            {avatar ? 'Change photo' : 'Add photo'}
          </button>
          {avatar && (
            <button type="button" className="button" onClick={() => onChange(null)}>
              Remove photo
            </button>
          )}
        </div>
      </div>
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES}
        hidden
        aria-labelledby="settings-avatar-label"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void pick(file)
        }}
      />
      {picked && (
        <SettingsPhotoCrop
          image={picked}
          busy={busy}
          onUse={use}
          onCancel={() => {
            setPicked(null)
            setRefocus((n) => n + 1)
          }}
        />
      )}
      <FieldNotes id="settings-avatar" help="Cropped to a square of 400 × 400 pixels. Shown round on the home page." error={message ?? undefined} />
    </div>
  )
}
