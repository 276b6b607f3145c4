// The crop step of a picked photo: the square as it will look, a slider that moves it along the
// photo's long side (a square photo needs none), then "Use this photo" or "Cancel".
import { useEffect, useRef, useState } from 'react'
import { AVATAR_SIZE, drawSquare } from './settings-photo-crop'

type Props = { image: ImageBitmap; busy: boolean; onUse: (position: number) => void; onCancel: () => void }

export function SettingsPhotoCrop({ image, busy, onUse, onCancel }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const step = useRef<HTMLDivElement>(null)
  const [position, setPosition] = useState(50)
  const wide = image.width > image.height
  const square = image.width === image.height

  useEffect(() => {
    if (canvas.current) drawSquare(canvas.current, image, position / 100)
  }, [image, position])
  // The step takes focus where it opens: the slider, or the Use button of a square photo.
  useEffect(() => step.current?.querySelector<HTMLElement>('input, button')?.focus(), [])

  return (
    <div ref={step} className="settings-crop" role="group" aria-labelledby="settings-crop-title">
      <p id="settings-crop-title" className="settings-crop-title">
        New photo
      </p>
      <canvas ref={canvas} className="settings-crop-preview" width={AVATAR_SIZE} height={AVATAR_SIZE} role="img" aria-label="The new photo as it will be cropped" />
      <div className="settings-crop-controls">
        {!square && (
          <div className="field">
            <label htmlFor="settings-crop-position">{wide ? 'Crop position, left to right' : 'Crop position, top to bottom'}</label>
            <input id="settings-crop-position" type="range" min={0} max={100} step={1} value={position} onChange={(e) => setPosition(Number(e.target.value))} />
          </div>
        )}
        <div className="settings-crop-buttons">
          <button type="button" className="button primary" aria-disabled={busy || undefined} onClick={() => !busy && onUse(position / 100)}>
            {busy ? 'Uploading…' : 'Use this photo'}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  )
}
