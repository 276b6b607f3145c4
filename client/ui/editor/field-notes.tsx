// The help text and the error under an editor control, and the ids that describe it by them.
import type { ReactNode } from 'react'

/** The control's aria-describedby: its help and its error, when present. */
export const describedByOf = (id: string, help: ReactNode, error: string | undefined) =>
  [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

export function FieldNotes({ id, help, error }: { id: string; help?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {help && (
        <p className="help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  )
}
