// A file picker with a drop zone: a real <input type=file> (visually hidden, focusable, named by
// its label) under a zone that opens the picker on click and takes a dropped file. A file that
// fails `check` is refused here with its reason; the owner chooses what happens with a good one.
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react'

type Props = {
  label: string
  /** The input's accept attribute, e.g. "application/pdf". */
  accept: string
  /** What the zone's button says, e.g. "Choose a PDF". */
  chooseText: string
  help: ReactNode
  file: File | null
  onChoose: (file: File | null) => void
  /** The reason a file cannot be used, or null when it can. */
  check: (file: File) => string | null
  /** A failure from after the choice (the server refused the upload). */
  error?: string | null
  disabled?: boolean
  id?: string
}

export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`

export function FileDrop({ label, accept, chooseText, help, file, onChoose, check, error, disabled, id }: Props) {
  const own = useId()
  const inputId = id ?? `file-drop-${own}`
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  // The owner cleared the choice (after an upload): the input forgets its file too.
  useEffect(() => {
    if (!file && input.current) input.current.value = ''
  }, [file])

  function take(chosen: File | null) {
    const problem = chosen ? check(chosen) : null
    setRefusal(problem)
    onChoose(problem ? null : chosen)
    if (problem && input.current) input.current.value = ''
  }

  function onDrop(e: DragEvent) {
    e.preventDefault()
    setDragging(false)
    if (disabled) return
    take(e.dataTransfer.files[0] ?? null)
  }

  const shown = refusal ?? error ?? null
  const describedBy = [`${inputId}-help`, `${inputId}-chosen`, shown ? `${inputId}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="field file-drop-field">
      <label htmlFor={inputId} className="file-drop-label">
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        className="file-drop-input visually-hidden"
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={shown ? true : undefined}
        onChange={(e) => take(e.currentTarget.files?.[0] ?? null)}
      />
      {/* A second label of the same input: a click anywhere in the zone opens the picker. Its
          words are for the eye; the input's name stays the field label above. */}
      <label
        htmlFor={inputId}
        className="file-drop"
        data-dragging={dragging || undefined}
        data-invalid={shown ? true : undefined}
        data-disabled={disabled || undefined}
        onDragEnter={(e) => (e.preventDefault(), setDragging(true))}
        onDragOver={(e) => {
          e.preventDefault()
          e.dataTransfer.dropEffect = disabled ? 'none' : 'copy'
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false)
        }}
        onDrop={onDrop}
      >
        <span className="file-drop-icon" aria-hidden="true" />
        <span className="button file-drop-button" aria-hidden="true">
          {chooseText}
        </span>
        <span className="file-drop-hint" aria-hidden="true">
          {dragging ? 'Drop the file to choose it' : 'or drag and drop it here'}
        </span>
      </label>
      <p id={`${inputId}-chosen`} className="file-drop-chosen" aria-live="polite">
        {file ? (
          <>
            Chosen: <strong>{file.name}</strong> ({fileSize(file.size)})
          </>
        ) : (
          'No file chosen.'
        )}
      </p>
      <p id={`${inputId}-help`} className="help">
        {help}
      </p>
      {shown && (
        <p id={`${inputId}-error`} className="form-error" role="alert">
          {shown}
        </p>
      )}
    </div>
  )
}
